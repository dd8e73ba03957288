import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makeMiniview,
  makeUser,
  paginated,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { MiniviewsPage, SEARCH_DEBOUNCE_MS } from './miniviews-page';

setupMswServer();
beforeEach(() => setSession(makeUser({ account_type: 'pro' })));

describe('/user-miniviews', () => {
  it("shows 'No MINIVIEWs™ found.' with Reload", async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/miniviews', () => {
        calls += 1;
        return HttpResponse.json(paginated([], 1, 10));
      }),
    );
    const { container } = renderWithProviders(<MiniviewsPage />, { route: '/user-miniviews' });
    expect(await screen.findByText('No MINIVIEWs™ found.')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reload' })[0] as HTMLElement);
    await waitFor(() => expect(calls).toBe(2));
  });

  it('lists title, date and answer count, 10 per page', async () => {
    let limit: string | null = null;
    server.use(
      http.get('*/api/v1/miniviews', ({ request }) => {
        limit = new URL(request.url).searchParams.get('limit');
        return HttpResponse.json(
          paginated([makeMiniview({ id: 3, title: 'Founder stories', answers_count: 5 })], 1, 10),
        );
      }),
    );
    renderWithProviders(<MiniviewsPage />, { route: '/user-miniviews' });
    const link = await screen.findByRole('link', { name: 'Founder stories' });
    expect(link).toHaveAttribute('href', '/user-miniviews/3');
    expect(screen.getByRole('cell', { name: 'October 25, 2026' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '5' })).toBeInTheDocument();
    expect(limit).toBe('10');
  });

  it('searches by title', async () => {
    const titles: (string | null)[] = [];
    server.use(
      http.get('*/api/v1/miniviews', ({ request }) => {
        titles.push(new URL(request.url).searchParams.get('filter[title]'));
        return HttpResponse.json(paginated([], 1, 10));
      }),
    );
    renderWithProviders(<MiniviewsPage />, { route: '/user-miniviews' });
    await screen.findByText('No MINIVIEWs™ found.');
    await userEvent.type(screen.getByLabelText('Search MINIVIEWs'), 'founder');
    // The spec's 750 ms after the last keystroke, not sooner.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS - 250));
    expect(titles).not.toContain('founder');
    await waitFor(() => expect(titles).toContain('founder'), { timeout: 2000 });
  });
});
