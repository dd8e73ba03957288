import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { Card } from './card';

describe('Card', () => {
  it('is a region named by its title', async () => {
    const { container } = render(
      <Card title="Recent bookings" description="Your last five bookings">
        <p>Nothing yet.</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Recent bookings' });
    expect(region).toHaveTextContent('Your last five bookings');
    expect(region).toHaveTextContent('Nothing yet.');
    expect(screen.getByRole('heading', { level: 3, name: 'Recent bookings' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows header actions and a footer', async () => {
    const { container } = render(
      <Card
        title="Your account"
        titleAs="h2"
        actions={<button type="button">Edit</button>}
        footer={<button type="button">Save</button>}
      >
        Details
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is a plain surface without a title', async () => {
    const { container } = render(<Card>Just content</Card>);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByText('Just content')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
