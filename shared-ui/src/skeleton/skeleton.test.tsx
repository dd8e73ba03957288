import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { Skeleton, SkeletonCard, SkeletonGroup } from './skeleton';

describe('Skeleton', () => {
  it('is invisible to assistive tech on its own', async () => {
    const { container } = render(<Skeleton variant="circle" data-testid="shape" />);
    expect(container).not.toHaveTextContent(/./);
    expect(screen.getByTestId('shape')).toHaveAttribute('aria-hidden', 'true');
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('SkeletonGroup', () => {
  it('marks the area busy and says what is loading', async () => {
    const { container } = render(
      <SkeletonGroup label="Loading bookings" data-testid="group">
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </SkeletonGroup>,
    );
    expect(screen.getByTestId('group')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading bookings')).toHaveClass('visually-hidden');
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('SkeletonCard', () => {
  it('is a busy placeholder announced as loading a profile', async () => {
    const { container } = render(<SkeletonCard data-testid="card" />);
    const text = screen.getByText('Loading profile…');
    expect(text).toHaveClass('visually-hidden');
    expect(screen.getByTestId('card')).toHaveAttribute('aria-busy', 'true');
    // Nothing but the loading text is exposed.
    expect(container).toHaveTextContent(/^Loading profile…$/);
    expect(await axe(container)).toHaveNoViolations();
  });
});
