import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import type { BookingReviews, ShowProfileDetail } from '@guestspot/shared-api';
import {
  makeShow,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useToastStore } from '@guestspot/shared-ui';
import {
  CreateReviewPage,
  NO_BOOKING,
  NOT_YOURS_TO_REVIEW,
  REVIEWS_NOT_YET,
} from './create-review-page';

setupMswServer();

const show: ShowProfileDetail = {
  ...makeShow({ id: 4, slug: 'the-build-show', name: 'The Build Show' }),
  rephonic_id: null,
  avg_rating: 4.5,
  reviews_count: 2,
};

function reviewsOf(overrides: Partial<BookingReviews> = {}): BookingReviews {
  return {
    is_open: true,
    viewer_side: 'guest',
    can_review: true,
    guest_rating: null,
    show_rating: null,
    reviews: [],
    ...overrides,
  };
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

function mockApi(reviews: BookingReviews | number, save?: { status: number; body: object }) {
  const sent: Sent[] = [];
  const saved = async ({ request }: { request: Request }) => {
    const body: unknown = await request.json();
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    if (save) return HttpResponse.json(save.body, { status: save.status });
    return HttpResponse.json(
      {
        data: {
          id: 41,
          booking_id: 12,
          profile_type: 'show',
          profile_id: 4,
          reviewer_side: 'guest',
          name: 'Grace Hopper',
          created_at: '2026-12-01T10:00:00Z',
          updated_at: '2026-12-01T10:00:00Z',
          ...(body as object),
        },
      },
      { status: request.method === 'POST' ? 201 : 200 },
    );
  };
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/shows/:id', () => HttpResponse.json({ data: show })),
    http.get('*/api/v1/bookings/:id/reviews', () =>
      typeof reviews === 'number'
        ? HttpResponse.json({ message: 'Not found.' }, { status: reviews })
        : HttpResponse.json({ data: reviews }),
    ),
    http.post('*/api/v1/shows/:id/reviews', saved),
    http.put('*/api/v1/shows/:id/reviews/:review', saved),
  );
  return sent;
}

function renderPage(route = '/shows/the-build-show/create-review?booking=12') {
  return renderWithProviders(<CreateReviewPage type="shows" />, {
    route,
    path: '/shows/:showId/create-review',
    routes: [{ path: '/bookings/:bookingId/review', element: <h1>The booking’s reviews</h1> }],
  });
}

beforeEach(() => {
  setSession(makeUser({ id: 50 }));
  useToastStore.setState({ toasts: [] });
});

describe('CreateReviewPage', () => {
  it('writes the review of the booking named in the address, then opens the booking’s Review tab', async () => {
    const user = userEvent.setup();
    const sent = mockApi(reviewsOf());
    const { container } = renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review The Build Show' }),
    ).toBeVisible();
    const form = await screen.findByRole('form', { name: 'Review of The Build Show' });
    expect(within(form).getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(await axe(container)).toHaveNoViolations();

    await user.type(within(form).getByRole('textbox', { name: /Comment/ }), 'A great host.');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByRole('heading', { name: 'The booking’s reviews' })).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/shows/4/reviews',
        body: { booking_id: 12, number: 5, comment: 'A great host.', show_id: 4 },
      },
    ]);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Thank you for your review.',
    ]);
  });

  it('edits the side’s review when it is already written', async () => {
    const user = userEvent.setup();
    const sent = mockApi(
      reviewsOf({
        show_rating: 3,
        reviews: [
          {
            id: 41,
            booking_id: 12,
            profile_type: 'show',
            profile_id: 4,
            reviewer_side: 'guest',
            number: 3,
            comment: 'Late start.',
            name: 'Grace Hopper',
            created_at: '2026-12-01T10:00:00Z',
            updated_at: '2026-12-01T10:00:00Z',
          },
        ],
      }),
    );
    renderPage();
    const form = await screen.findByRole('form', { name: 'Review of The Build Show' });
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /Comment/ })).toHaveValue('Late start.');
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/v1/shows/4/reviews/41' });
    expect(sent[0]?.body).toMatchObject({ number: 4, comment: 'Late start.', review_id: 41 });
  });

  it('re-enables the form with the server’s message when the save is refused', async () => {
    const user = userEvent.setup();
    mockApi(reviewsOf(), {
      status: 409,
      body: { message: 'You have already reviewed this booking. Edit your review instead.' },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Review of The Build Show' });
    await user.type(within(form).getByRole('textbox', { name: /Comment/ }), 'Again.');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You have already reviewed this booking. Edit your review instead.',
    );
    expect(within(form).getByRole('button', { name: 'Submit review' })).toBeEnabled();
  });

  it('says why there is no form: not completed, not the viewer’s to write, no booking, not found', async () => {
    mockApi(reviewsOf({ is_open: false, can_review: false }));
    const { unmount: unmountFirst } = renderPage();
    expect(await screen.findByText(REVIEWS_NOT_YET, { exact: false })).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    unmountFirst();

    mockApi(reviewsOf({ viewer_side: 'show' }));
    const { unmount: unmountSecond } = renderPage();
    expect(await screen.findByText(NOT_YOURS_TO_REVIEW, { exact: false })).toBeVisible();
    unmountSecond();

    mockApi(reviewsOf());
    const { unmount: unmountThird } = renderPage('/shows/the-build-show/create-review');
    expect(await screen.findByText(NO_BOOKING, { exact: false })).toBeVisible();
    unmountThird();

    mockApi(404);
    renderPage('/shows/the-build-show/create-review?booking=99');
    expect(await screen.findByText(/This booking was not found among yours/)).toBeVisible();
  });
});
