import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import type { Category, MarketplaceProfile, Tag } from '@guestspot/shared-api';
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
import { BrowsePage } from './browse-page';

setupMswServer();
// Many cards and axe on a shared 2-CPU machine: more than the default 5 s.
jest.setTimeout(30_000);
beforeEach(() => setSession(null));

const categories: Category[] = [
  { id: 1, name: 'Business', image_url: null, counts: { guests: 20, shows: 3 } },
  { id: 2, name: 'Technology', image_url: null, counts: { guests: 9, shows: 0 } },
];
const tags: Tag[] = [{ id: 5, name: 'Leadership', slug: 'leadership' } as Tag];

const guest = (id: number, overrides: Partial<MarketplaceProfile> = {}) =>
  makeGuest({
    id,
    name: `Guest Number ${id}`,
    option_prices: [
      { booking_option_id: 1, price: 20_000, slug: 'virtual-interview' },
      { booking_option_id: 2, price: 45_000, slug: 'guest-appearance' },
    ],
    lowest_price: 20_000,
    ...(overrides as object),
  });

/** GET /guests answering `total` guests 15 a page; records every request's query. */
function useBrowseApi(total = 18) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/categories', () => HttpResponse.json({ success: true, data: categories })),
    http.get('*/api/v1/tags/:scope', () => HttpResponse.json({ data: tags })),
    http.get('*/api/v1/:type/price-stats', () => HttpResponse.json({ data: { min: 0, max: 900 } })),
    http.get('*/api/v1/guests', ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      const page = Number(query.get('page') ?? 1);
      const from = (page - 1) * 15;
      const count = Math.max(0, Math.min(15, total - from));
      return HttpResponse.json(
        paginated(
          Array.from({ length: count }, (_, index) => guest(from + index + 1)),
          page,
          15,
          total,
        ),
      );
    }),
    http.get('*/api/v1/shows', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json(paginated([makeShow({ id: 9, name: 'The Build Show' })]));
    }),
  );
  return requests;
}

const apiFilters = (query: URLSearchParams | undefined) =>
  Object.fromEntries([...(query?.entries() ?? [])].filter(([key]) => key !== 'page'));

const cards = () =>
  within(screen.getByRole('list', { name: 'Guests' })).getAllByRole('heading', { level: 3 });

describe('the Browse page', () => {
  it('loads the first row of images at once and first, the rest as they scroll near', async () => {
    useBrowseApi(6);
    renderWithProviders(<BrowsePage />, { route: '/browse?showing=guests' });
    await screen.findByText('6 guests');
    const images = within(screen.getByRole('list', { name: 'Guests' }))
      .getAllByRole('listitem')
      // The card images are decorative (alt=""): read them off each card.
      // eslint-disable-next-line testing-library/no-node-access
      .map((card) => card.querySelector('img'));
    expect(images.map((image) => image?.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.map((image) => image?.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      'high',
      'high',
      'auto',
      'auto',
    ]);
  });

  it('reads every filter from the URL, sends it to the API and prices cards by it', async () => {
    setSession(makeUser());
    const requests = useBrowseApi(2);
    renderWithProviders(<BrowsePage />, {
      route:
        '/browse?showing=guests&search=Guest&categories=1&featured=1&talent=1&premium=1' +
        '&prices=401&tags=leadership&rating=4&options=guest-appearance&sortBy=-price',
    });
    expect(await screen.findByText('2 guests')).toHaveAttribute('role', 'status');
    expect(apiFilters(requests.at(-1))).toEqual({
      sort: '-price',
      'filter[guest_profiles.name]': 'Guest',
      'filter[category]': '1',
      'filter[tag]': 'leadership',
      'filter[featured]': '1',
      'filter[talent]': '1',
      'filter[premium]': '1',
      'filter[prices]': '401',
      'filter[rating]': '4',
      'filter[options]': 'guest-appearance',
    });
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('Guest');
    expect(screen.getByRole('checkbox', { name: 'Business' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '$401+' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Guest appearance' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Curated talent' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Leadership' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Rating' })).toHaveValue('4');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-price');
    // The guest-appearance price, the one the filters asked for.
    expect(screen.getAllByText('$450')).toHaveLength(2);
  });

  it('writes filter and sort changes to the URL and lists again', async () => {
    setSession(makeUser());
    const requests = useBrowseApi(3);
    const { router } = renderWithProviders(<BrowsePage />, { route: '/browse' });
    await screen.findByRole('list', { name: 'Guests' });
    expect(screen.getAllByText('From $200')).toHaveLength(3);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Business' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '$101 – $250' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'FREE' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), '-price');
    expect(router.state.location.search).toBe(
      '?showing=guests&categories=1&prices=101-250%2C0&sortBy=-price',
    );
    await waitFor(() =>
      expect(apiFilters(requests.at(-1))).toEqual({
        sort: '-price',
        'filter[category]': '1',
        'filter[prices]': '101-250,0',
      }),
    );
    // Only the virtual interview (200) is inside 101-250.
    await waitFor(() => expect(screen.getAllByText('$200')).toHaveLength(3));

    await userEvent.type(screen.getByLabelText('Min $'), '300');
    await userEvent.type(screen.getByLabelText('Max $'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Add range' }));
    expect(router.state.location.search).toContain('prices=101-250%2C0%2C300-500');
    expect(screen.getByRole('checkbox', { name: '$300 – $500' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?showing=guests&sortBy=-price');
  }, 30_000);

  it('searches by name and switches to shows, dropping the guest-only filters', async () => {
    const requests = useBrowseApi(1);
    const { router } = renderWithProviders(<BrowsePage />, { route: '/browse?rating=3&talent=1' });
    await screen.findByRole('list', { name: 'Guests' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Maya{Enter}');
    expect(router.state.location.search).toBe('?showing=guests&search=Maya&talent=1&rating=3');
    await userEvent.click(screen.getByRole('button', { name: 'Shows' }));
    expect(router.state.location.search).toBe('?showing=shows&search=Maya');
    expect(await screen.findByRole('heading', { name: 'The Build Show' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Browse shows');
    expect(screen.queryByRole('combobox', { name: 'Rating' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Curated talent' })).not.toBeInTheDocument();
    expect(apiFilters(requests.at(-1))).toEqual({ 'filter[show_profiles.name]': 'Maya' });
  });

  it('keeps a filter picked while a typed search is still waiting to run', async () => {
    const requests = useBrowseApi(1);
    const { router } = renderWithProviders(<BrowsePage />, { route: '/browse?search=Maya' });
    await screen.findByRole('list', { name: 'Guests' });
    const box = screen.getByRole('searchbox', { name: 'Search by name' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Ann Lee');
    // Within the search's pause: a category is picked, then the typed search runs.
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Business' }));
    expect(router.state.location.search).toBe('?showing=guests&search=Maya&categories=1');
    await waitFor(() =>
      expect(apiFilters(requests.at(-1))).toEqual({
        'filter[category]': '1',
        'filter[guest_profiles.name]': 'Ann Lee',
      }),
    );
    expect(router.state.location.search).toBe('?showing=guests&search=Ann+Lee&categories=1');
    expect(screen.getByRole('checkbox', { name: 'Business' })).toBeChecked();
    expect(box).toHaveValue('Ann Lee');

    // Clearing the box and pressing Search at once leaves no stale search to run later.
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?showing=guests&categories=1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Technology' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(router.state.location.search).toBe('?showing=guests&categories=1%2C2');
  });

  it('says 1,000+ when the API counts no further, and how to see others at the window’s end', async () => {
    useBrowseApi();
    // The API serves a list's first matches only (decision 127): here two pages of them.
    server.use(
      http.get('*/api/v1/guests', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        const body = paginated(
          Array.from({ length: 15 }, (_, index) => guest((page - 1) * 15 + index + 1)),
          page,
          15,
          1000,
        );
        body.meta.pagination = { ...body.meta.pagination, total_pages: 2, total_capped: true };
        return HttpResponse.json(body);
      }),
    );
    renderWithProviders(<BrowsePage />, { route: '/browse?showing=guests&categories=1' });
    expect(await screen.findByText('1,000+ guests')).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(
      await screen.findByText(
        'These are the first 30 guests. Narrow the filters or search by name to see others.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('No more results')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(30);
  }, 30_000);

  it("loads more with the button, then says 'No more results'", async () => {
    const requests = useBrowseApi(18);
    const { container } = renderWithProviders(<BrowsePage />, { route: '/browse' });
    await screen.findByRole('list', { name: 'Guests' });
    expect(cards()).toHaveLength(15);
    expect(screen.queryByText('No more results')).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No more results')).toBeInTheDocument();
    expect(cards()).toHaveLength(18);
    expect(requests.map((query) => query.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  }, 30_000);

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observers: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    const original = window.IntersectionObserver;
    window.IntersectionObserver = class {
      private entry: { callback: IntersectionObserverCallback; target?: Element };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        observers.splice(observers.indexOf(this.entry), 1);
      }
    } as unknown as typeof IntersectionObserver;
    try {
      useBrowseApi(40);
      renderWithProviders(<BrowsePage />, { route: '/browse' });
      await screen.findByRole('list', { name: 'Guests' });
      const scrollToEnd = () =>
        act(() => {
          for (const { callback, target } of [...observers]) {
            callback(
              [{ isIntersecting: true, target } as IntersectionObserverEntry],
              {} as IntersectionObserver,
            );
          }
        });
      scrollToEnd();
      await waitFor(() => expect(cards()).toHaveLength(30));
      scrollToEnd();
      await waitFor(() => expect(cards()).toHaveLength(40));
      expect(screen.getByText('No more results')).toBeInTheDocument();
      expect(observers).toHaveLength(0);
    } finally {
      window.IntersectionObserver = original;
    }
  });

  it("says 'No results' when nothing matches, with a way to clear the filters", async () => {
    useBrowseApi(0);
    const { router } = renderWithProviders(<BrowsePage />, {
      route: '/browse?showing=guests&premium=1&search=zebra',
    });
    expect(await screen.findByText('No results')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Results' });
    await userEvent.click(within(results).getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?showing=guests&search=zebra');
  });

  it('closes the filters from their end, back to the Filters button', async () => {
    useBrowseApi(2);
    renderWithProviders(<BrowsePage />, { route: '/browse?showing=guests' });
    await screen.findByText('2 guests');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Show results' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('shows an error with a retry when the list fails', async () => {
    useBrowseApi(2);
    let fail = true;
    server.use(
      http.get('*/api/v1/guests', () =>
        fail
          ? HttpResponse.json({ message: 'down' }, { status: 500 })
          : HttpResponse.json(paginated([guest(1)])),
      ),
    );
    renderWithProviders(<BrowsePage />, { route: '/browse' });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Guest Number 1' })).toBeInTheDocument();
    expect(screen.getByText('No more results')).toBeInTheDocument();
  });
});
