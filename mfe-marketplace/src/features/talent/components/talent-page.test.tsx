import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makeGuest,
  paginated,
  renderWithProviders,
  server,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { TALENT_INTRO, TALENT_TITLE, TalentPage } from './talent-page';

setupMswServer();

describe('the talent page', () => {
  it('lists the curated talent, 15 a page, with a title and intro', async () => {
    const requests: URL[] = [];
    server.use(
      http.get('*/api/v1/guests', ({ request }) => {
        const url = new URL(request.url);
        requests.push(url);
        const page = Number(url.searchParams.get('page'));
        const guests = Array.from({ length: page === 1 ? 15 : 3 }, (_, index) =>
          makeGuest({
            id: (page - 1) * 15 + index + 1,
            name: `Talent ${(page - 1) * 15 + index + 1}`,
          }),
        );
        return HttpResponse.json(paginated(guests, page, 15, 18));
      }),
    );
    const { container, router } = renderWithProviders(<TalentPage />, { route: '/talent' });
    expect(screen.getByRole('heading', { level: 1, name: TALENT_TITLE })).toBeInTheDocument();
    expect(screen.getByText(TALENT_INTRO)).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(15);
    const list = await screen.findByRole('list', { name: 'Curated talent' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(15);
    expect(requests[0]?.searchParams.get('filter[talent]')).toBe('1');
    expect(requests[0]?.searchParams.get('limit')).toBe('15');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Talent 16' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    // (axe over 15 cards is slow on a shared machine)
  }, 15_000);

  it('says so when the list is empty', async () => {
    server.use(http.get('*/api/v1/guests', () => HttpResponse.json(paginated([]))));
    renderWithProviders(<TalentPage />);
    expect(await screen.findByText('No curated talent yet')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/guests', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    renderWithProviders(<TalentPage />);
    expect(
      await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});
