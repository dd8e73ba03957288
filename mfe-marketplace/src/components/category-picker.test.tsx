import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { Category, ProfileListType } from '@guestspot/shared-api';
import { CATEGORIES_SHOWN, CategoryPicker } from './category-picker';

const category = (id: number, name: string, guests: number, shows: number): Category => ({
  id,
  name,
  image_url: null,
  counts: { guests, shows },
});

const categories = [
  category(1, 'Business', 12, 4),
  category(2, 'Technology', 9, 0),
  category(3, 'Health & Wellness', 0, 3),
  category(4, 'Marketing', 5, 2),
  category(5, 'Finance', 3, 1),
  category(6, 'Comedy', 2, 0),
  category(7, 'Sports', 1, 1),
  category(8, 'Science', 4, 0),
];

function Picker({ type, initial = [] }: { type: ProfileListType; initial?: number[] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <>
      <CategoryPicker
        categories={categories}
        type={type}
        selected={selected}
        onChange={setSelected}
      />
      <output aria-label="selected">{selected.join(',')}</output>
    </>
  );
}

const names = () =>
  within(screen.getByRole('group', { name: 'Categories' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('CategoryPicker', () => {
  it("shows the first 5 guest categories and '[+] n more' reveals the rest", async () => {
    const { container } = render(<Picker type="guests" />);
    // Health & Wellness has no guests: never listed for guests.
    expect(names()).toEqual(['Business', 'Technology', 'Marketing', 'Finance', 'Comedy']);
    expect(names()).toHaveLength(CATEGORIES_SHOWN);
    const more = screen.getByRole('button', { name: '[+] 2 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(more);
    expect(names()).toEqual([
      'Business',
      'Technology',
      'Marketing',
      'Finance',
      'Comedy',
      'Sports',
      'Science',
    ]);
    expect(screen.getByRole('button', { name: '[-] Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('lists only the categories with shows for shows, without a toggle when 5 or fewer', () => {
    render(<Picker type="shows" />);
    expect(names()).toEqual(['Business', 'Health & Wellness', 'Marketing', 'Finance', 'Sports']);
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument();
  });

  it('selects and unselects categories by id, and keeps a selected hidden one visible', async () => {
    render(<Picker type="guests" initial={[8]} />);
    expect(names()).toContain('Science');
    expect(screen.getByRole('checkbox', { name: 'Science' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Business' }));
    expect(screen.getByRole('status', { name: 'selected' })).toHaveTextContent('8,1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Science' }));
    expect(screen.getByRole('status', { name: 'selected' })).toHaveTextContent(/^1$/);
  });
});
