import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { MemoryRouter, NavLink } from 'react-router-dom';
import { Badge } from './badge';

describe('Badge', () => {
  it('shows a status label', async () => {
    const { container } = render(<Badge tone="success">Confirmed</Badge>);
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('as a count, adds what is counted to a link name', async () => {
    const { container } = render(
      <MemoryRouter>
        <NavLink to="/messages">
          Messages <Badge count={3} label="unread messages" />
        </NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Messages 3 unread messages' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('caps big counts', () => {
    render(<Badge count={150} label="new bookings" />);
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByText('150 new bookings')).toBeInTheDocument();
  });

  it('takes a function for the spoken text', () => {
    render(<Badge count={1} label={(n) => (n === 1 ? '1 new booking' : `${n} new bookings`)} />);
    expect(screen.getByText('1 new booking')).toBeInTheDocument();
  });

  it('hides a zero count unless asked', () => {
    const { rerender, container } = render(<Badge count={0} label="unread messages" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Badge count={0} label="unread messages" showZero />);
    expect(screen.getByText('0 unread messages')).toBeInTheDocument();
  });
});
