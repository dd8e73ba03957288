import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import { usePageChromeStore, type GuestProfileDetail } from '@guestspot/shared-api';
import {
  makeGuest,
  makeShow,
  makeUser,
  paginated,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useLoginModalStore } from '@guestspot/shared-ui';
import { ProfilePage } from './profile-page';

setupMswServer();

const social = {
  linkedin: 'https://www.linkedin.com/in/ada',
  // Saved as the hasDomain rule allows, without a scheme; and one the page must not link.
  website: 'ada.example.com',
  twitter: 'javascript:alert(1)',
  instagram: null,
  youtube: null,
  facebook: null,
  wikipedia: null,
  tiktok: null,
};

const ada: GuestProfileDetail = {
  ...makeGuest({
    id: 5,
    slug: 'ada',
    name: 'Ada Lovelace',
    title: 'Mathematician',
    bio: 'Wrote the first program.',
    pronunciation: 'AY-da',
    avg_rating: 4.5,
    tags: [{ id: 1, name: 'computing', slug: 'computing' }],
    categories: [{ id: 2, name: 'Science' }],
    remove_branding: true,
  }),
  experience: [{ title: 'Analyst', organization: 'Analytical Engine', years: '1843' }],
  topics: ['Poetical science'],
  questions: ['What can machines do?'],
  reviews_count: 1,
  links: {
    social_media: social,
    podcasts: ['https://pod.example.com/1'],
    videos: [],
    articles: [],
  },
  booking_options: [
    {
      id: 1,
      name: 'Virtual Interview',
      slug: 'virtual-interview',
      icon_url: null,
      prices: [
        { id: 10, interview_duration: 30, amount: 0 },
        { id: 11, interview_duration: 60, amount: 15000 },
      ],
    },
  ],
};

const review = {
  id: 1,
  rating: 5,
  body: 'Brilliant guest.',
  reviewer_name: 'Charles Babbage',
  created_at: '2024-05-01T10:00:00Z',
};

function serveAda() {
  server.use(
    http.get('*/api/v1/guests/ada', ({ request }) => {
      expect(new URL(request.url).searchParams.get('include')).toBe('links,booking_options');
      return HttpResponse.json({ data: ada });
    }),
    http.get('*/api/v1/guests/5/reviews', () => HttpResponse.json(paginated([review]))),
  );
}

function renderPage(route = '/guests/ada', path = '/guests/:guestId') {
  return renderWithProviders(
    <ProfilePage type={path.startsWith('/shows') ? 'shows' : 'guests'} />,
    {
      route,
      path,
      routes: [{ path: '/404-not-found', element: <h1>Page not found</h1> }],
    },
  );
}

beforeEach(() => {
  setSession(makeUser({ id: 50 }));
  usePageChromeStore.getState().resetPageChrome();
  useLoginModalStore.setState({ open: false, redirect: null });
});

describe('the guest profile page', () => {
  it('shows every field of the profile, prices with FREE, and its reviews', async () => {
    serveAda();
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.getByText('Mathematician')).toBeVisible();
    expect(screen.getByText('AY-da')).toBeVisible();
    expect(screen.getByText('Wrote the first program.')).toBeVisible();
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5' })[0]).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Categories' })).getByText('Science'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Tags' })).getByText('#computing'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', social.linkedin);
    expect(screen.getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://ada.example.com',
    );
    expect(screen.queryByRole('link', { name: 'Twitter' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pod.example.com/1' })).toBeVisible();
    expect(screen.getByText('Poetical science')).toBeVisible();
    expect(screen.getByText('What can machines do?')).toBeVisible();
    expect(screen.getByText('Analyst')).toBeVisible();
    const prices = screen.getByRole('list', { name: 'Prices' });
    expect(prices).toHaveTextContent('30 min · FREE');
    expect(prices).toHaveTextContent('60 min · $150');
    expect(await screen.findByText('Brilliant guest.')).toBeVisible();
    expect(screen.getByText('Charles Babbage')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it("plays the guest's video when the profile has one", async () => {
    const url = '/api/v1/media/5d2f6a1e-3b7c-4e8a-9f10-2a3b4c5d6e7f';
    server.use(
      http.get('*/api/v1/guests/ada', () =>
        HttpResponse.json({ data: { ...ada, videoUuid: url.slice(-36), videoUrl: url } }),
      ),
      http.get('*/api/v1/guests/5/reviews', () => HttpResponse.json(paginated([]))),
    );
    const { container } = renderPage();
    const video = within(await screen.findByRole('region', { name: 'Video' })).getByLabelText(
      'Video of Ada Lovelace',
    );
    expect(video).toHaveAttribute('src', url);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('width', '640');
    expect(video).toHaveAttribute('height', '360');
    expect(await axe(container)).toHaveNoViolations();
  }, 15_000);

  it('shows no video section for a profile without one', async () => {
    serveAda();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Video' })).not.toBeInTheDocument();
  });

  it('hides the header branding for remove_branding, the footer always, and restores on leave', async () => {
    serveAda();
    const { unmount } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(usePageChromeStore.getState()).toMatchObject({ hideBranding: true, hideFooter: true });
    unmount();
    expect(usePageChromeStore.getState()).toMatchObject({ hideBranding: false, hideFooter: false });
  });

  it("gives visitors 'See Price' (the login dialog) in place of prices", async () => {
    setSession(null);
    serveAda();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.queryByRole('list', { name: 'Prices' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See Price' }));
    expect(useLoginModalStore.getState()).toMatchObject({ open: true, redirect: '/guests/5/book' });
  });

  it('finds a guest by slug at the single-segment address, and sends unknown ones to not-found', async () => {
    serveAda();
    renderPage('/ada', '/:guestId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();

    server.use(
      http.get('*/api/v1/guests/nobody', () =>
        HttpResponse.json({ message: 'Not found.' }, { status: 404 }),
      ),
    );
    renderPage('/nobody', '/:guestId');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  it('offers Retry when the profile cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/guests/ada', () =>
        fail
          ? HttpResponse.json({ message: 'Down' }, { status: 500 })
          : HttpResponse.json({ data: ada }),
      ),
      http.get('*/api/v1/guests/5/reviews', () => HttpResponse.json(paginated([]))),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This profile could not be loaded');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(await screen.findByText('No reviews yet')).toBeVisible();
  });
});

describe('the show profile page', () => {
  it('shows platform stats, types with their links and the episodes', async () => {
    const show = {
      ...makeShow({
        id: 8,
        slug: 'quiet',
        name: 'Quiet Show',
        types: [
          { id: 1, name: 'Podcast' },
          { id: 2, name: 'YouTube' },
        ],
        type_urls: [{ type_id: 2, url: 'https://www.youtube.com/@quietshow' }],
        platform_type: 'podcast',
        platform_stats: [
          { label: 'Downloads', value: '10k' },
          { label: 'Subscribers', value: '2k' },
          { label: 'Episodes', value: '120' },
        ],
      }),
      avg_rating: null,
      reviews_count: 0,
      links: { social_media: social, episodes: ['https://ep.example.com/9'], media_features: [] },
      booking_options: [],
    };
    server.use(
      http.get('*/api/v1/shows/quiet', () => HttpResponse.json({ data: show })),
      http.get('*/api/v1/shows/8/reviews', () => HttpResponse.json(paginated([]))),
    );
    const { container } = renderPage('/shows/quiet', '/shows/:showId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiet Show' })).toBeVisible();
    const stats = screen.getByRole('group', { name: 'Platform stats' });
    expect(stats).toHaveTextContent('Downloads10k');
    expect(screen.getByText('Podcast, YouTube · podcast')).toBeVisible();
    const platforms = screen.getByRole('list', { name: 'Quiet Show on' });
    expect(within(platforms).getAllByRole('link')).toHaveLength(1);
    expect(within(platforms).getByRole('link', { name: 'YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/@quietshow',
    );
    expect(screen.getByRole('link', { name: 'ep.example.com/9' })).toBeVisible();
    expect(screen.getByText('No booking options yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request to Book' })).toBeVisible();
    expect(await screen.findByText('No reviews yet')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });
});
