import { screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import { renderWithProviders } from '@guestspot/shared-api/testing';
import { TermsDocument } from './terms-document';
import { TermsPage } from './terms-page';

describe('/terms-and-conditions', () => {
  it('shows the title, the date and 28 numbered sections with a table of contents', async () => {
    const { container } = renderWithProviders(<TermsPage />, { route: '/terms-and-conditions' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated October 25, 2024')).toBeInTheDocument();

    const sections = screen.getAllByRole('heading', { level: 2, name: /^\d+\. / });
    expect(sections).toHaveLength(28);
    expect(sections[0]).toHaveTextContent('1. Acceptance of These Terms');
    expect(sections[27]).toHaveTextContent(/^28\. /);

    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(28);
    // Each entry points at its section (a region named by its heading).
    const regions = screen.getAllByRole('region');
    for (const [index, link] of links.entries()) {
      const target = regions.find((region) => `#${region.id}` === link.getAttribute('href'));
      expect(target).toHaveAccessibleName(sections[index]?.textContent ?? 'missing');
    }
    expect(screen.getByRole('article')).toHaveAttribute('data-variant', 'light');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('states the marketplace rules and figures', () => {
    renderWithProviders(<TermsPage />, { route: '/terms-and-conditions' });
    const text = document.body.textContent ?? '';
    for (const rule of [
      '18 years of age or older',
      'Appearance Fee',
      'service fee of 20% of the Appearance Fee',
      'Shows are charged nothing',
      'non-refundable',
      'within 90 days of an appearance',
      'forfeits the Appearance Fee',
      'within 7 days of the scheduled date',
      'the appearance counts as confirmed',
      'one training bundle',
      'for 30 days',
      'at least 5 shows',
      'priced free or at $25 or less',
      'completed the 6-week training',
      'waited 30 days',
      'coaching lasts 90 days',
      '$47 per month',
      'ends on cancellation',
      'capped at $50',
      'within 1 year',
      '10 to 14 business days',
      'referral share of 7%',
      '$97 per month',
      '$997 per year',
      '14-day trial',
    ]) {
      expect(text).toContain(rule);
    }
  });

  it('renders the dark variant from ?theme=dark', async () => {
    const { container } = renderWithProviders(<TermsPage />, {
      route: '/terms-and-conditions?theme=dark',
    });
    expect(screen.getByRole('article')).toHaveAttribute('data-variant', 'dark');
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('TermsDocument in a dialog', () => {
  it('leaves the title to the dialog and starts sections at level 3', () => {
    renderWithProviders(<TermsDocument context="dialog" />);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3, name: /^\d+\. / })).toHaveLength(28);
  });
});
