import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ErrorState } from './error-state';

describe('ErrorState', () => {
  it('announces that the section is unavailable', async () => {
    const { container } = render(<ErrorState />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('This section is unavailable right now.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers a Retry', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const { container } = render(<ErrorState onRetry={onRetry} />);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the retry in flight', () => {
    render(<ErrorState onRetry={jest.fn()} retrying />);
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveAttribute('aria-busy', 'true');
  });

  it('takes its own texts', () => {
    render(
      <ErrorState
        title="The bookings could not be loaded."
        message="Check your connection and try again."
        onRetry={jest.fn()}
        retryLabel="Reload"
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'The bookings could not be loaded.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
