import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type {
  OptionPricesDetail,
  ProfileReach,
  ShowProfileStat,
  User,
} from '@guestspot/shared-api';
import {
  makeGuest,
  makeShow,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { GuestCreatePage } from './guest-create-page';
import { ShowCreatePage } from './show-create-page';
import { DetailsIndexPage } from './details-index-page';
import { GuestProfilePage } from './guest-profile-page';
import { ShowListPage } from './show-list-page';
import { ShowProfilePage } from './show-profile-page';

setupMswServer();

const guest = { id: 7, name: 'Priya Patel', slug: 'priya-patel', imageUrl: null };
const founderFiles = {
  id: 3,
  name: 'The Founder Files',
  slug: 'the-founder-files',
  imageUrl: null,
};
const morning = { id: 4, name: 'Morning Momentum', slug: 'morning-momentum', imageUrl: null };

let requested: string[];

const availability = {
  interview_durations: [{ duration: 30, price: 5000 }],
  type: 'unlimited',
  rolling_days: 30,
  start_date: null,
  end_date: null,
  max_interviews_per_day: null,
  max_interviews_per_month: null,
  minimum_notice: 240,
  buffer_before: 0,
  buffer_after: 0,
  spot_increments: 30,
  timezone: 'America/New_York',
  rules: [],
};

// The new sections' data, as their own section tests serve it.
const optionPrices: OptionPricesDetail = {
  booking_options: [
    { id: 1, name: 'Virtual Interview', slug: 'virtual-interview', editable: false },
    { id: 2, name: 'Guest Appearance', slug: 'guest-appearance', editable: true },
  ],
  option_prices: [
    { booking_option_id: 1, slug: 'virtual-interview', interview_duration: 30, price: 15000 },
    { booking_option_id: 2, slug: 'guest-appearance', interview_duration: 60, price: 40000 },
  ],
};
const reach: ProfileReach[] = [{ platform: 'linkedin', count: 48_200 }];
const stats: ShowProfileStat[] = [
  {
    id: 11,
    slot: 1,
    label: 'Downloads',
    value: '12.4k',
    verification_status: 'pending',
    verification_requested_at: '2026-01-01T00:00:00.000Z',
  },
];
const pastGuest = makeGuest({ id: 1, name: 'Maya Brooks', slug: 'maya-brooks' });

beforeEach(() => {
  requested = [];
  // Each section's own behaviour is tested with the section; here they answer, and the pages
  // are checked for which profile's calls they make.
  server.use(
    http.get('*/api/v1/:side/:id/pitch-settings', ({ params }) => {
      requested.push(`${String(params.side)}/${String(params.id)}/pitch-settings`);
      return HttpResponse.json({ data: { is_enabled: true, price: 5000, highest_price: 40000 } });
    }),
    http.get('*/api/v1/:side/:id/booking-questions', ({ params, request }) => {
      const type = new URL(request.url).searchParams.get('type') ?? 'booking';
      requested.push(`${String(params.side)}/${String(params.id)}/booking-questions?${type}`);
      return HttpResponse.json({ data: [] });
    }),
    http.get('*/api/v1/:side/:id/upsell-packages', ({ params }) => {
      requested.push(`${String(params.side)}/${String(params.id)}/upsell-packages`);
      return HttpResponse.json({ data: [] });
    }),
    // The profile's own editors (decision 096): the profile, its links, the guest's availability.
    http.get('*/api/v1/guests/:id', ({ params }) => {
      requested.push(`guests/${String(params.id)}`);
      return HttpResponse.json({
        data: {
          ...makeGuest({ id: Number(params.id), name: guest.name }),
          experience: [],
          topics: [],
          questions: [],
          reviews_count: 0,
        },
      });
    }),
    // The show's detail also carries its platform stats and Rephonic id (decision 097).
    http.get('*/api/v1/shows/:id', ({ params }) => {
      requested.push(`shows/${String(params.id)}`);
      return HttpResponse.json({
        data: {
          ...makeShow({
            id: Number(params.id),
            name: morning.name,
            rephonic_id: 'morning-momentum',
          }),
          profile_stats: stats,
        },
      });
    }),
    http.get('*/api/v1/:side/:id/option-prices', ({ params }) => {
      requested.push(`${String(params.side)}/${String(params.id)}/option-prices`);
      return HttpResponse.json({ data: optionPrices });
    }),
    http.get('*/api/v1/guests/:id/profile-reach', ({ params }) => {
      requested.push(`guests/${String(params.id)}/profile-reach`);
      return HttpResponse.json({ data: reach });
    }),
    http.get('*/api/v1/shows/:id/past-guests', ({ params }) => {
      requested.push(`shows/${String(params.id)}/past-guests`);
      return HttpResponse.json({ data: [pastGuest] });
    }),
    http.get('*/api/v1/:side/:id/links', ({ params }) => {
      requested.push(`${String(params.side)}/${String(params.id)}/links`);
      return HttpResponse.json({
        data: {
          social_media: {},
          podcasts: [],
          videos: [],
          articles: [],
          episodes: [],
          media_features: [],
        },
      });
    }),
    http.get('*/api/v1/guests/:id/availability', ({ params }) => {
      requested.push(`guests/${String(params.id)}/availability`);
      return HttpResponse.json({ data: availability });
    }),
    http.get('*/api/v1/:side/:id/booking-flow-preferences', ({ params }) => {
      requested.push(`${String(params.side)}/${String(params.id)}/booking-flow-preferences`);
      return HttpResponse.json({
        data: { pitch: true, questions: true, upsells: true, payment: true },
      });
    }),
  );
});

/** The /details routes as mfe-account declares them, with stand-ins for the shell's pages. */
const detailsRoutes: RouteObject[] = [
  { path: '/details/guest', element: <GuestProfilePage /> },
  { path: '/details/guest/create', element: <GuestCreatePage /> },
  { path: '/details/show', element: <ShowListPage /> },
  { path: '/details/show/create', element: <ShowCreatePage /> },
  { path: '/details/show/:showId', element: <ShowProfilePage /> },
  { path: '/403-forbidden', element: <h1>Forbidden</h1> },
];

function renderAt(route: string, user: User, path: string, element: ReactElement) {
  setSession(user);
  return renderWithProviders(element, {
    route,
    path,
    routes: detailsRoutes.filter((item) => item.path !== path),
  });
}

describe('/details', () => {
  it.each([
    ['a show (shows, no guest profile)', makeUser({ shows: [founderFiles] }), '/details/show'],
    ['a guest', makeUser({ guest }), '/details/guest'],
    ['a guest who also has a show', makeUser({ guest, shows: [founderFiles] }), '/details/guest'],
    ['a user with no profile yet', makeUser(), '/details/guest'],
  ])('sends %s to the right profiles', async (_who, user, target) => {
    const { router } = renderAt('/details', user, '/details', <DetailsIndexPage />);
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });
});

describe('/details/guest', () => {
  it("shows the guest profile's sections, for that profile", async () => {
    const { container } = renderAt(
      '/details/guest',
      makeUser({ guest }),
      '/details/guest',
      <GuestProfilePage />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Guest profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View public profile' })).toHaveAttribute(
      'href',
      '/guests/priya-patel',
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Details',
      'Experience and topics',
      'Image',
      'Video',
      'Links',
      'Reach',
      'Availability',
      'Your questions',
      'Booking options',
      'Pitch settings',
      'Questions',
      'Upsell packages',
      'Booking flow',
    ]);
    expect(await screen.findByRole('button', { name: 'Edit Pitch' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Booking steps' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Details' })).toBeInTheDocument();
    expect(await screen.findByText('48.2k followers')).toBeInTheDocument();
    expect(await screen.findByText('60 min $400')).toBeInTheDocument();
    await waitFor(() => expect(requested).toHaveLength(10));
    expect(requested.sort()).toEqual([
      // the details, experience, image, video and questions sections share one request
      'guests/7',
      'guests/7/availability',
      'guests/7/booking-flow-preferences',
      'guests/7/booking-questions?booking',
      'guests/7/booking-questions?pitch',
      'guests/7/links',
      'guests/7/option-prices',
      'guests/7/pitch-settings',
      'guests/7/profile-reach',
      'guests/7/upsell-packages',
    ]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('checks a pitch price against the highest option as just saved, not as first loaded', async () => {
    let highest = 40000;
    document.cookie = 'XSRF-TOKEN=t; path=/';
    server.use(
      http.get('*/api/v1/:side/:id/pitch-settings', () =>
        HttpResponse.json({ data: { is_enabled: true, price: 5000, highest_price: highest } }),
      ),
      http.put('*/api/v1/guests/:id/option-prices', async ({ request }) => {
        const body = (await request.json()) as typeof optionPrices;
        // as the server keeps it: the dearest price sent, in cents
        highest = Math.max(...body.option_prices.map((row) => row.price));
        return HttpResponse.json({
          data: {
            ...optionPrices,
            option_prices: [optionPrices.option_prices[0], ...body.option_prices],
          },
        });
      }),
    );
    renderAt('/details/guest', makeUser({ guest }), '/details/guest', <GuestProfilePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Prices' }));
    const prices = screen.getByRole('form', { name: 'Edit Prices' });
    const price = within(prices).getByRole('textbox', { name: 'Guest Appearance price 1 (USD)' });
    await userEvent.clear(price);
    await userEvent.type(price, '900');
    await userEvent.click(within(prices).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Prices' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: /^Edit Pitch$/ }));
    const pitch = screen.getByRole('form', { name: 'Edit Pitch' });
    const pitchPrice = within(pitch).getByRole('textbox', { name: /Pitch price/ });
    await userEvent.clear(pitchPrice);
    await userEvent.type(pitchPrice, '850');
    // $850 is above the $400 first loaded but under the $900 just saved: no message.
    await userEvent.tab();
    expect(within(pitch).queryByText(/cannot be more than/)).toBeNull();
    await userEvent.clear(pitchPrice);
    await userEvent.type(pitchPrice, '901');
    await userEvent.tab();
    expect(
      await within(pitch).findByText(
        'Price cannot be more than your highest booking option ($900)',
      ),
    ).toBeInTheDocument();
  });

  it('offers to create a guest profile when there is none', async () => {
    const { container } = renderAt(
      '/details/guest',
      makeUser(),
      '/details/guest',
      <GuestProfilePage />,
    );
    expect(
      screen.getByRole('heading', { name: 'You have no guest profile yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create guest profile' })).toHaveAttribute(
      'href',
      '/details/guest/create',
    );
    expect(screen.queryByRole('heading', { name: 'Pitch settings' })).not.toBeInTheDocument();
    expect(requested).toEqual([]);
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('/details/show', () => {
  it("lists the user's shows, each leading to its editors", async () => {
    const { container } = renderAt(
      '/details/show',
      makeUser({ shows: [founderFiles, morning] }),
      '/details/show',
      <ShowListPage />,
    );
    const list = screen.getByRole('list', { name: 'Your shows' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['The Founder Files', '/details/show/3'],
      ['Morning Momentum', '/details/show/4'],
    ]);
    expect(screen.getByRole('link', { name: 'Add another show' })).toHaveAttribute(
      'href',
      '/details/show/create',
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('offers to create a show profile when there is none', () => {
    renderAt('/details/show', makeUser({ guest }), '/details/show', <ShowListPage />);
    expect(
      screen.getByRole('heading', { name: 'You have no show profile yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create show profile' })).toHaveAttribute(
      'href',
      '/details/show/create',
    );
  });
});

describe('/details/show/:showId', () => {
  it("shows that show's sections, for that show", async () => {
    const { container } = renderAt(
      '/details/show/4',
      makeUser({ shows: [founderFiles, morning] }),
      '/details/show/:showId',
      <ShowProfilePage />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Morning Momentum' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All your shows' })).toHaveAttribute(
      'href',
      '/details/show',
    );
    expect(await screen.findByRole('button', { name: 'Edit Pitch' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Booking steps' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Details',
      'Cover and image',
      'Links',
      'Platform stats',
      'Past guests',
      'Booking options',
      'Pitch settings',
      'Questions',
      'Upsell packages',
      'Booking flow',
    ]);
    expect(await screen.findByRole('button', { name: 'Edit Links' })).toBeInTheDocument();
    expect(
      await screen.findByText('Downloads: 12.4k (Verification requested)'),
    ).toBeInTheDocument();
    expect(screen.getByText('morning-momentum')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Maya Brooks' })).toHaveAttribute(
      'href',
      '/guests/maya-brooks',
    );
    expect(await screen.findByText('60 min $400')).toBeInTheDocument();
    await waitFor(() => expect(requested).toHaveLength(10));
    expect(requested.sort()).toEqual([
      // the details and image sections share one request; the stats section reads it again
      'shows/4',
      'shows/4',
      'shows/4/booking-flow-preferences',
      'shows/4/booking-questions?booking',
      'shows/4/booking-questions?pitch',
      'shows/4/links',
      'shows/4/option-prices',
      'shows/4/past-guests',
      'shows/4/pitch-settings',
      'shows/4/upsell-packages',
    ]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it.each(['99', 'not-a-number'])(
    "sends another user's show (%s) to the forbidden page without asking the API",
    async (showId) => {
      const { router } = renderAt(
        `/details/show/${showId}`,
        makeUser({ shows: [founderFiles] }),
        '/details/show/:showId',
        <ShowProfilePage />,
      );
      expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/403-forbidden');
      expect(requested).toEqual([]);
    },
  );
});

describe('/details/{guest,show}/create', () => {
  function serveForms(created: { guest?: unknown[]; show?: unknown[] }) {
    const owner: User = makeUser();
    server.use(
      http.get('*/api/v1/categories', () =>
        HttpResponse.json({ success: true, data: [{ id: 2, name: 'Business', slug: 'business' }] }),
      ),
      http.get('*/api/v1/show-types', () =>
        HttpResponse.json({ data: [{ id: 1, name: 'Podcast', slug: 'podcast' }] }),
      ),
      http.post('*/api/v1/guests', async ({ request }) => {
        created.guest?.push(await request.json());
        owner.guest = { ...guest, name: 'Ada Lovelace' };
        return HttpResponse.json({ data: { id: 7, name: 'Ada Lovelace' } }, { status: 201 });
      }),
      http.post('*/api/v1/shows', async ({ request }) => {
        created.show?.push(await request.json());
        owner.shows = [{ ...morning, id: 12, name: 'Ada Talks' }];
        return HttpResponse.json({ data: { id: 12, name: 'Ada Talks' } }, { status: 201 });
      }),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: owner })),
    );
  }

  it('creates the guest profile with the wizard’s form, then opens it', async () => {
    const created: { guest: unknown[] } = { guest: [] };
    serveForms(created);
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const { router } = renderAt(
      '/details/guest/create',
      makeUser(),
      '/details/guest/create',
      <GuestCreatePage />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Create guest profile' })).toBeVisible();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Create guest profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/details/guest'));
    // the session's user was fetched again: the page shows the new profile, not the empty state
    expect(await screen.findByRole('heading', { name: 'Pitch settings' })).toBeInTheDocument();
    expect(created.guest).toEqual([expect.objectContaining({ name: 'Ada Lovelace' })]);
  });

  it('sends a user who has a guest profile to it', async () => {
    const { router } = renderAt(
      '/details/guest/create',
      makeUser({ guest }),
      '/details/guest/create',
      <GuestCreatePage />,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/details/guest'));
  });

  it('creates a show, then opens its page', async () => {
    const created: { show: unknown[] } = { show: [] };
    serveForms(created);
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const { router } = renderAt(
      '/details/show/create',
      makeUser(),
      '/details/show/create',
      <ShowCreatePage />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create show profile' }));
    expect(await screen.findByText('Show name is required')).toBeInTheDocument();
    expect(created.show).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: /^Show name/ }), 'Ada Talks');
    await userEvent.click(screen.getByRole('button', { name: 'Create show profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/details/show/12'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Talks' })).toBeVisible();
    expect(created.show).toEqual([expect.objectContaining({ name: 'Ada Talks' })]);
  });
});
