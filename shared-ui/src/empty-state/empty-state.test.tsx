import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('says there is nothing to show', async () => {
    const { container } = render(
      <EmptyState title="No bookings found." message="Bookings you make will show up here." />,
    );
    expect(screen.getByRole('heading', { name: 'No bookings found.' })).toBeInTheDocument();
    expect(screen.getByText('Bookings you make will show up here.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers its action', async () => {
    const user = userEvent.setup();
    const reload = jest.fn();
    const { container } = render(
      <EmptyState title="No bookings found." action={<Button onClick={reload}>Reload</Button>} />,
    );
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('uses the heading level that fits the page', () => {
    render(<EmptyState title="No messages" titleAs="h3" />);
    expect(screen.getByRole('heading', { level: 3, name: 'No messages' })).toBeInTheDocument();
  });
});
