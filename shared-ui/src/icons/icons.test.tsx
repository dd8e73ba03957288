import { render, screen } from '@testing-library/react';
import { IconCheck, IconSearch } from './icons';

describe('icons', () => {
  it('are hidden from assistive tech by default', () => {
    render(
      <button type="button">
        <IconSearch /> Search
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('become images when labelled', () => {
    render(<IconCheck aria-label="Verified" />);
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
  });
});
