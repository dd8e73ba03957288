import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('tells screen readers it is loading', async () => {
    const { container } = render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says what is loading when given a label', () => {
    render(<Spinner label="Loading bookings" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading bookings');
  });

  it('stays silent when decorative', () => {
    render(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });
});
