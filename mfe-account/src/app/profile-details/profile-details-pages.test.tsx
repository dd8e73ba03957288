import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { User } from '@guestspot/shared-api';
import {
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
      'Pitch settings',
      'Questions',
      'Upsell packages',
      'Booking flow',
    ]);
    expect(await screen.findByRole('button', { name: 'Edit Pitch' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Booking steps' })).toBeInTheDocument();
    await waitFor(() => expect(requested).toHaveLength(5));
    expect(requested.sort()).toEqual([
      'guests/7/booking-flow-preferences',
      'guests/7/booking-questions?booking',
      'guests/7/booking-questions?pitch',
      'guests/7/pitch-settings',
      'guests/7/upsell-packages',
    ]);
    expect(await axe(container)).toHaveNoViolations();
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
    await waitFor(() => expect(requested).toHaveLength(5));
    expect(requested.sort()).toEqual([
      'shows/4/booking-flow-preferences',
      'shows/4/booking-questions?booking',
      'shows/4/booking-questions?pitch',
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
