import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { BookingReviews } from '@guestspot/shared-api';
import { makeUser, server, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import { useToastStore } from '@guestspot/shared-ui';
import { BOOKING_ID, makeBookingDetail } from './page-fixtures';
import { completedBooking, makeBookingReviews, ownReview } from './review-fixtures';
import { loadBookingPage, mockBookingApi, renderBookingPage } from './test-support';

setupMswServer();
beforeAll(() => loadBookingPage());
beforeEach(() => setSession(makeUser({ timezone: 'US/Central' })));
afterEach(() => useToastStore.setState({ toasts: [] }));

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Answers GET /bookings/{id}/reviews with `reviews`, and the saves with `save` (201/200). */
function mockReviews(
  reviews: BookingReviews | { status: number; body: object },
  save: (sent: Sent) => { status: number; body: object } = (sent) => ({
    status: sent.method === 'POST' ? 201 : 200,
    body: {
      data: ownReview({
        ...(sent.body as { number: number; comment: string }),
        id: 32,
      }),
    },
  }),
): Sent[] {
  const sent: Sent[] = [];
  const saved = async ({ request }: { request: Request }) => {
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: await request.json(),
    };
    sent.push(entry);
    const answer = save(entry);
    return HttpResponse.json(answer.body, { status: answer.status });
  };
  server.use(
    http.get('*/api/v1/bookings/:id/reviews', () =>
      'is_open' in reviews
        ? HttpResponse.json({ data: reviews })
        : HttpResponse.json(reviews.body, { status: reviews.status }),
    ),
    http.post('*/api/v1/shows/:id/reviews', saved),
    http.put('*/api/v1/shows/:id/reviews/:review', saved),
  );
  return sent;
}

const reviewRoute = `/bookings/${BOOKING_ID}/review`;

describe('the booking page’s Review tab', () => {
  it('says when reviews open until the booking is completed', async () => {
    mockBookingApi({ booking: makeBookingDetail() });
    mockReviews(makeBookingReviews({ is_open: false, can_review: false, reviews: [] }));
    const { container } = renderBookingPage(reviewRoute);

    expect(
      await screen.findByText('Reviews will be available after the interview takes place.'),
    ).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Booking views' });
    expect(within(tabs).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('opens the form by itself when the viewer has not reviewed, and sends the review', async () => {
    const user = userEvent.setup();
    mockBookingApi({ booking: completedBooking() });
    const sent = mockReviews(makeBookingReviews());
    const { container } = renderBookingPage(reviewRoute);

    const form = await screen.findByRole('form', { name: 'Review of The Build Show' });
    // The other side's review shows beside it.
    const theirs = screen.getByRole('region', { name: 'The Build Show’s review of you' });
    expect(within(theirs).getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    expect(
      within(theirs).getByText('Prepared, generous with stories and easy to edit.'),
    ).toBeVisible();
    expect(within(form).getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByRole('textbox', { name: /Comment/ }), 'Sharp questions.');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));

    const mine = screen.getByRole('region', { name: 'Your review of The Build Show' });
    expect(await within(mine).findByText('Sharp questions.')).toBeVisible();
    expect(within(mine).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/shows/4/reviews',
        body: { booking_id: BOOKING_ID, number: 4, comment: 'Sharp questions.', show_id: 4 },
      },
    ]);
    expect(await screen.findByText('Thank you for your review.')).toBeVisible();
  });

  it('shows the viewer’s review with Edit, and saves the edit with PUT', async () => {
    const user = userEvent.setup();
    mockBookingApi({ booking: completedBooking() });
    const sent = mockReviews(makeBookingReviews({ reviews: [ownReview()] }));
    renderBookingPage(reviewRoute);

    const mine = await screen.findByRole('region', { name: 'Your review of The Build Show' });
    expect(within(mine).getByText('Good questions; the recording started late.')).toBeVisible();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'The Build Show’s review of you' })).getByText(
        'The Build Show has not reviewed you yet.',
      ),
    ).toBeVisible();

    await user.click(within(mine).getByRole('button', { name: 'Edit review' }));
    const comment = within(mine).getByRole('textbox', { name: /Comment/ });
    expect(comment).toHaveValue('Good questions; the recording started late.');
    await user.clear(comment);
    await user.type(comment, 'Great in the end.');
    await user.click(within(mine).getByRole('button', { name: 'Save review' }));

    expect(await within(mine).findByText('Great in the end.')).toBeVisible();
    expect(sent[0]).toMatchObject({ method: 'PUT', path: '/api/v1/shows/4/reviews/32' });
    expect(sent[0]?.body).toMatchObject({ review_id: 32, number: 4, comment: 'Great in the end.' });
  });

  it('keeps the form, re-enabled, with the server’s words when the save is refused', async () => {
    const user = userEvent.setup();
    mockBookingApi({ booking: completedBooking() });
    mockReviews(makeBookingReviews({ reviews: [] }), () => ({
      status: 422,
      body: {
        message: 'The comment field must not be greater than 300 characters.',
        errors: { comment: ['The comment field must not be greater than 300 characters.'] },
      },
    }));
    renderBookingPage(reviewRoute);

    const form = await screen.findByRole('form', { name: 'Review of The Build Show' });
    await user.type(within(form).getByRole('textbox', { name: /Comment/ }), 'Fine.');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));

    await waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Submit review' })).toBeEnabled(),
    );
    expect(within(form).getByRole('textbox', { name: /Comment/ })).toHaveAccessibleDescription(
      expect.stringContaining('The comment field must not be greater than 300 characters.'),
    );
    expect(within(form).getByRole('textbox', { name: /Comment/ })).toHaveValue('Fine.');
  });

  it('offers Retry when the reviews cannot be loaded', async () => {
    mockBookingApi({ booking: completedBooking() });
    mockReviews({ status: 500, body: { message: 'Server Error' } });
    renderBookingPage(reviewRoute);
    expect(
      await screen.findByRole('heading', { name: 'Reviews could not be loaded' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeEnabled();
  });
});
