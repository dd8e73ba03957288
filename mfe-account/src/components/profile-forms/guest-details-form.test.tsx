import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ApiError } from '@guestspot/shared-api';
import { renderWithProviders } from '@guestspot/shared-api/testing';
import { emptyGuestDetails, GuestDetailsForm } from './guest-details-form';

const categories = [
  { value: '1', label: 'Business' },
  { value: '2', label: 'Health' },
];

// Big forms re-validate on every keystroke: paste whole values (what matters is the result).
async function fill(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
}

jest.setTimeout(30_000);

describe('GuestDetailsForm', () => {
  it('requires a name and limits the title', async () => {
    const onSubmit = jest.fn();
    const { container } = renderWithProviders(
      <GuestDetailsForm
        initialValues={emptyGuestDetails}
        categories={categories}
        onSubmit={onSubmit}
      />,
    );
    await userEvent.click(screen.getByLabelText('Title'));
    await userEvent.paste('x'.repeat(256));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('The Title cannot exceed 255 characters')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('submits the values, categories as chosen', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <GuestDetailsForm
        initialValues={emptyGuestDetails}
        categories={categories}
        onSubmit={onSubmit}
      />,
    );
    await fill(screen.getByLabelText(/^Name/), 'Ada Lovelace');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Health' }));
    await fill(screen.getByLabelText('Tags'), 'math, computing');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      name: 'Ada Lovelace',
      categories: ['2'],
      tags: 'math, computing',
    });
  });

  it('shows the server’s field errors on the fields', async () => {
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError(422, 'You already have a guest profile.', {
        name: ['You already have a guest profile.'],
        categories: ['The selected categories is invalid.'],
      }),
    );
    renderWithProviders(
      <GuestDetailsForm
        initialValues={{ ...emptyGuestDetails, name: 'Ada' }}
        categories={categories}
        onSubmit={onSubmit}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText(/^Name/)).toHaveAccessibleDescription(
      'You already have a guest profile.',
    );
    expect(screen.getByRole('group', { name: 'Categories' })).toHaveAccessibleDescription(
      'The selected categories is invalid.',
    );
  });
});
