import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import { useLocation } from 'react-router-dom';
import type { Category, HomeSections, MarketplaceProfile } from '@guestspot/shared-api';
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
import { HomePage, SKELETON_CARDS } from './home-page';

setupMswServer();
// Many cards and axe on a shared 2-CPU machine: more than the default 5 s.
jest.setTimeout(30_000);
beforeEach(() => {
  setSession(null);
  useLoginModalStore.setState({ open: false });
});

const category = (id: number, name: string, guests: number, shows: number): Category => ({
  id,
  name,
  image_url: null,
  counts: { guests, shows },
});
const categories = [
  category(1, 'Business', 12, 4),
  category(2, 'Technology', 9, 0),
  category(3, 'Health & Wellness', 0, 3),
  category(4, 'Marketing', 5, 2),
  category(5, 'Finance', 3, 1),
  category(6, 'Comedy', 2, 0),
  category(7, 'Sports', 1, 0),
];

const guestSections: HomeSections = {
  featured: [makeGuest({ id: 1, name: 'Ada Lovelace', featured: true })],
  talent: [makeGuest({ id: 2, name: 'Grace Hopper', talent: true })],
  premium: [makeGuest({ id: 3, name: 'Katherine Johnson', premium: true })],
  free: [
    makeGuest({
      id: 4,
      name: 'Free Guest',
      option_prices: [{ booking_option_id: 1, price: 0, slug: 'virtual-interview' }],
      lowest_price: 0,
    }),
  ],
};
const showSections: HomeSections = {
  featured: [makeShow({ id: 11, name: 'The Build Show', featured: true })],
  talent: [],
  premium: [],
  free: [],
};
const allGuests = (page: number): MarketplaceProfile[] =>
  Array.from({ length: page === 1 ? 15 : 3 }, (_, index) =>
    makeGuest({
      id: 100 + (page - 1) * 15 + index,
      name: `Listed Guest ${(page - 1) * 15 + index + 1}`,
    }),
  );

function useHomeApi() {
  const requests: URL[] = [];
  server.use(
    http.get('*/api/v1/home', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      return HttpResponse.json({
        data: url.searchParams.get('type') === 'shows' ? showSections : guestSections,
      });
    }),
    http.get('*/api/v1/categories', () => HttpResponse.json({ success: true, data: categories })),
    http.get('*/api/v1/guests', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      return HttpResponse.json(paginated(allGuests(page), page, 15, 18));
    }),
    http.get('*/api/v1/shows', ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json(paginated([makeShow({ id: 12, name: 'Listed Show' })]));
    }),
  );
  return requests;
}

function BrowseProbe() {
  const location = useLocation();
  return <p>Browse at {`${location.pathname}${location.search}`}</p>;
}
const browseRoute = [{ path: '/browse', element: <BrowseProbe /> }];

describe('the home page', () => {
  it('shows the hero and 14 skeleton cards while the sliders load', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    useHomeApi();
    server.use(
      http.get('*/api/v1/home', async () => {
        await gate;
        return HttpResponse.json({ data: guestSections });
      }),
    );
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: "Book the world's top guests & shows!" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading guests');
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(SKELETON_CARDS);
    release();
    expect(await screen.findByRole('list', { name: 'Featured' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
  });

  it('shows every guest slider with a See all link to Browse with its filter', async () => {
    useHomeApi();
    const { container } = renderWithProviders(<HomePage />);
    const featured = await screen.findByRole('list', { name: 'Featured' });
    expect(within(featured).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      '/guests/guest-1',
    );
    expect(
      within(screen.getByRole('list', { name: 'Curated talent' })).getByRole('heading', {
        name: 'Grace Hopper',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'All guests' })).getAllByRole('listitem'),
    ).toHaveLength(15);
    expect(
      within(screen.getByRole('list', { name: 'Premium' })).getByRole('heading', {
        name: 'Katherine Johnson',
      }),
    ).toBeInTheDocument();

    const seeAll = (name: string) => screen.getByRole('link', { name: `See all ${name}` });
    expect(seeAll('Featured')).toHaveAttribute('href', '/browse?showing=guests&featured=1');
    expect(seeAll('Curated talent')).toHaveAttribute('href', '/browse?showing=guests&talent=1');
    expect(seeAll('Categories')).toHaveAttribute('href', '/browse?showing=guests');
    expect(seeAll('All guests')).toHaveAttribute('href', '/browse?showing=guests');
    expect(seeAll('Premium')).toHaveAttribute('href', '/browse?showing=guests&premium=1');
    expect(seeAll('Free')).toHaveAttribute('href', '/browse?showing=guests&prices=0');

    // Categories with guests, each leading to Browse filtered by it.
    const tiles = within(screen.getByRole('list', { name: 'Categories' })).getAllByRole('link');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'Business12 guests',
      'Technology9 guests',
      'Marketing5 guests',
      'Finance3 guests',
      'Comedy2 guests',
      'Sports1 guest',
    ]);
    expect(tiles[0]).toHaveAttribute('href', '/browse?showing=guests&categories=1');
    expect(await axe(container)).toHaveNoViolations();
  }, 30_000);

  it("gives visitors 'See Price', which opens the login dialog, and signed-in users prices", async () => {
    useHomeApi();
    const { unmount } = renderWithProviders(<HomePage />);
    const featured = await screen.findByRole('list', { name: 'Featured' });
    await userEvent.click(within(featured).getByRole('button', { name: 'See Price' }));
    expect(useLoginModalStore.getState()).toMatchObject({
      open: true,
      redirect: '/guests/guest-1',
    });
    unmount();

    setSession(makeUser());
    renderWithProviders(<HomePage />);
    expect(
      await within(await screen.findByRole('list', { name: 'Featured' })).findByText('$150'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Free' })).getByText('FREE'),
    ).toBeInTheDocument();
  });

  it('switches to shows: no curated talent, only categories with shows', async () => {
    const requests = useHomeApi();
    renderWithProviders(<HomePage />);
    await screen.findByRole('list', { name: 'Featured' });
    await userEvent.click(screen.getByRole('button', { name: 'Shows' }));
    expect(screen.getByRole('button', { name: 'Shows' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      await within(await screen.findByRole('list', { name: 'All shows' })).findByRole('heading', {
        name: 'Listed Show',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The Build Show' })).toHaveAttribute(
      'href',
      '/shows/show-11',
    );
    expect(screen.queryByRole('list', { name: 'Curated talent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Premium' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all Featured' })).toHaveAttribute(
      'href',
      '/browse?showing=shows&featured=1',
    );
    const picker = screen.getByRole('group', { name: 'Categories' });
    expect(
      within(picker)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Business', 'Health & Wellness', 'Marketing', 'Finance']);
    expect(
      requests.some(
        (url) => url.pathname.endsWith('/home') && url.searchParams.get('type') === 'shows',
      ),
    ).toBe(true);
  });

  it('searches from home: Browse with showing, search and the picked categories', async () => {
    useHomeApi();
    renderWithProviders(<HomePage />, { routes: browseRoute });
    const search = await screen.findByRole('search', { name: 'Search guests' });
    const picker = await within(search).findByRole('group', { name: 'Categories' });
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(5);
    await userEvent.click(within(picker).getByRole('button', { name: '[+] 1 more' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Sports' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Technology' }));
    await userEvent.type(within(search).getByRole('searchbox', { name: 'Search by name' }), 'Ada');
    await userEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Browse at /browse?showing=guests&search=Ada&categories=7%2C2'),
    ).toBeInTheDocument();
  });

  it('pages the All slider: Next at the end loads the next 15', async () => {
    const requests = useHomeApi();
    renderWithProviders(<HomePage />);
    const list = await screen.findByRole('list', { name: 'All guests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(15);
    expect(screen.getByRole('button', { name: 'Previous All guests' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next All guests' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(18));
    expect(
      requests.some(
        (url) => url.pathname.endsWith('/guests') && url.searchParams.get('page') === '2',
      ),
    ).toBe(true);
    // 18 of 18: nothing more to load.
    expect(screen.getByRole('button', { name: 'Next All guests' })).toBeDisabled();
  });

  it('offers a retry when the sliders cannot be loaded', async () => {
    useHomeApi();
    let fail = true;
    server.use(
      http.get('*/api/v1/home', () =>
        fail
          ? HttpResponse.json({ message: 'down' }, { status: 500 })
          : HttpResponse.json({ data: guestSections }),
      ),
    );
    renderWithProviders(<HomePage />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('list', { name: 'Featured' })).toBeInTheDocument();
  });
});
