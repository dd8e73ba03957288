import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
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
beforeEach(() => setSession(null));

const guests = [
  makeGuest({ id: 1, name: 'Ada Lovelace', lowest_price: 15000 }),
  makeGuest({ id: 2, name: 'Free Guest', lowest_price: 0 }),
];

describe('the home page', () => {
  it('shows the hero and 14 skeleton cards while the list loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/v1/guests', async () => {
        await gate;
        return HttpResponse.json(paginated(guests));
      }),
    );
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 1, name: "Book the world's top guests & shows!" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading guests');
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(SKELETON_CARDS);
    release();
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
  });

  it("lists all guests with 'See Price' for visitors, which opens the login dialog", async () => {
    server.use(http.get('*/api/v1/guests', () => HttpResponse.json(paginated(guests))));
    const { container } = renderWithProviders(<HomePage />);
    const list = await screen.findByRole('list', { name: 'All guests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(
      within(list).getAllByRole('button', { name: 'See Price' })[0] as HTMLElement,
    );
    expect(useLoginModalStore.getState()).toMatchObject({
      open: true,
      redirect: '/guests/guest-1',
    });
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows prices, and FREE for 0, to signed-in users', async () => {
    setSession(makeUser());
    server.use(http.get('*/api/v1/guests', () => HttpResponse.json(paginated(guests))));
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('From $150')).toBeInTheDocument();
    expect(screen.getByText('FREE')).toBeInTheDocument();
  });

  it('switches to shows and searches by name', async () => {
    const requests: string[] = [];
    server.use(
      http.get('*/api/v1/guests', ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json(paginated(guests));
      }),
      http.get('*/api/v1/shows', ({ request }) => {
        requests.push(request.url);
        const name = new URL(request.url).searchParams.get('filter[show_profiles.name]');
        return HttpResponse.json(
          paginated(name ? [] : [makeShow({ id: 5, name: 'The Build Show' })]),
        );
      }),
    );
    renderWithProviders(<HomePage />);
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('button', { name: 'Shows' }));
    expect(screen.getByRole('button', { name: 'Shows' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: 'The Build Show' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All shows' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zebra{Enter}');
    expect(await screen.findByText('No results')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((url) => url.includes('filter%5Bshow_profiles.name%5D=zebra'))).toBe(
        true,
      ),
    );
  });
});
