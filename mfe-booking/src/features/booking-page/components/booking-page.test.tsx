import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { makeUser, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import { useConfirmStore, useToastStore } from '@guestspot/shared-ui';
import {
  BOOKING_ID,
  makeBookingDetail,
  makeCanceledBooking,
  makeInitiatorBooking,
  makeScheduledBooking,
} from './page-fixtures';
import { loadBookingPage, mockBookingApi, renderBookingPage } from './test-support';

// The calendar dialog is its own component with its own tests: here, which one opens.
jest.mock('./calendar-modal', () => ({
  CalendarModal: ({ action, onClose }: { action: string; onClose: () => void }) => (
    <div role="dialog" aria-label={`Calendar: ${action}`}>
      <button type="button" onClick={onClose}>
        Close the calendar
      </button>
    </div>
  ),
}));

setupMswServer();
beforeAll(() => loadBookingPage());
beforeEach(() => setSession(makeUser({ timezone: 'US/Central' })));
afterEach(() => {
  useToastStore.setState({ toasts: [] });
  act(() => useConfirmStore.setState({ request: null }));
});

const actionsCard = () => screen.getByRole('region', { name: 'Actions' });
const buttonNames = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('the booking page as its invitee', () => {
  it('shows the other side, the details, the deadline and exactly the allowed actions', async () => {
    mockBookingApi({ booking: makeBookingDetail() });
    const { baseElement } = renderBookingPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'The Build Show' })).toBeVisible();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
    expect(within(breadcrumb).getByText('The Build Show')).toHaveAttribute('aria-current', 'page');

    // The show's profile, in a new tab, said so.
    const profile = screen.getByRole('link', {
      name: 'View profile of The Build Show (opens in a new tab)',
    });
    expect(profile).toHaveAttribute('href', '/shows/4');
    expect(profile).toHaveAttribute('target', '_blank');
    expect(profile).toHaveAttribute('rel', 'noopener');

    const details = screen.getByRole('region', { name: 'Booking details' });
    expect(within(details).getByText('Virtual Interview')).toBeInTheDocument();
    expect(within(details).getByText('30 minutes')).toBeInTheDocument();
    expect(within(details).getByText('$125.50')).toBeInTheDocument();
    expect(within(details).getByText('Card $100.50 (held)')).toBeInTheDocument();
    expect(within(details).getByText('Store credit $25.00 (held)')).toBeInTheDocument();
    expect(within(details).getByText('Not agreed yet')).toBeInTheDocument();
    expect(within(details).getByText('Pending')).toHaveAttribute('data-colour', 'orange');
    // Spec §2: the show's name is for the show's owner only.
    expect(within(details).queryByText('Show')).not.toBeInTheDocument();

    expect(
      within(actionsCard()).getByText(
        'Answer by Tue 1 Dec, 3:00 PM or this request expires and the hold is released',
      ),
    ).toBeInTheDocument();
    // allowed_actions: accept, reject, confirm (the dates to confirm, with their own button).
    expect(buttonNames(actionsCard())).toEqual(['Confirm date', 'Accept', 'Reject']);

    const questions = screen.getByRole('region', { name: 'Questions' });
    expect(within(questions).getByText('What would you like to talk about?')).toBeInTheDocument();
    expect(within(questions).getByText('Compilers.')).toBeInTheDocument();
    expect(within(questions).getByText('Not answered')).toBeInTheDocument();
    // The MINIVIEW's answers are on their own view.
    expect(within(questions).queryByText('Introduce yourself in a minute.')).toBeNull();

    const help = screen.getByRole('region', { name: 'Need help?' });
    expect(within(help).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(help).getByRole('link', { name: 'Resolution Center' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await screen.findByText('The Build Show requested an interview.');
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('keeps the actions before the activity, so that a phone reaches them first', async () => {
    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    const activity = await screen.findByRole('region', { name: 'Activity' });
    expect(
      actionsCard().compareDocumentPosition(activity) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('the booking page as its initiator', () => {
  it('does not offer Accept or Reject: the request waits for the other side', async () => {
    mockBookingApi({ booking: makeInitiatorBooking() });
    const { baseElement } = renderBookingPage();
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    await screen.findByText('You requested an interview with Grace Hopper.');
    expect(buttonNames(actionsCard())).toEqual(['Cancel booking']);
    expect(
      within(actionsCard()).getByText(
        'This request expires on Tue 1 Dec, 3:00 PM if Grace Hopper does not answer; the hold on your card is then released',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'View profile of Grace Hopper (opens in a new tab)' }),
    ).toHaveAttribute('href', '/guests/3');
    const details = screen.getByRole('region', { name: 'Booking details' });
    expect(within(details).getByText('Show')).toBeInTheDocument();
    expect(within(details).getByText('The Build Show')).toBeInTheDocument();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('says nothing of a hold when no card was asked for', async () => {
    mockBookingApi({
      booking: makeInitiatorBooking({
        payment: { status: 'none', card: null, extra: null, credit: null, code: null, refunds: [] },
      }),
    });
    renderBookingPage();
    expect(
      await screen.findByText(
        'This request expires on Tue 1 Dec, 3:00 PM if Grace Hopper does not answer',
      ),
    ).toBeInTheDocument();
  });
});

describe('a booking further on', () => {
  it('scheduled: the agreed date in the viewer’s zone, green, and its date actions', async () => {
    mockBookingApi({ booking: makeScheduledBooking() });
    renderBookingPage();
    const details = await screen.findByRole('region', { name: 'Booking details' });
    expect(within(details).getByText('December 7, 2026 2:00 PM')).toBeInTheDocument();
    expect(within(details).getByText('Scheduled')).toHaveAttribute('data-colour', 'green');
    expect(within(details).getByText('Code SPRING10')).toBeInTheDocument();
    expect(buttonNames(actionsCard())).toEqual([
      'Cancel booking',
      'Re-Schedule Booking',
      'Change date',
    ]);
    // No deadline once the request was answered.
    expect(within(actionsCard()).queryByText(/Answer by/)).toBeNull();
  });

  it('canceled: red, the reason, and nothing to do', async () => {
    mockBookingApi({ booking: makeCanceledBooking() });
    renderBookingPage();
    const details = await screen.findByRole('region', { name: 'Booking details' });
    expect(within(details).getByText('Canceled')).toHaveAttribute('data-colour', 'red');
    expect(within(details).getByText('I am travelling that month.')).toBeInTheDocument();
    expect(buttonNames(actionsCard())).toEqual([]);
    expect(
      within(actionsCard()).getByText('Nothing is waiting on you for this booking.'),
    ).toBeInTheDocument();
  });

  it('completed is pink', async () => {
    mockBookingApi({ booking: makeScheduledBooking({ status: 'completed', allowed_actions: [] }) });
    renderBookingPage();
    const details = await screen.findByRole('region', { name: 'Booking details' });
    expect(within(details).getByText('Completed')).toHaveAttribute('data-colour', 'pink');
  });

  it('tells the invitee where their payout stands; the booker reads none', async () => {
    mockBookingApi({
      booking: makeScheduledBooking({
        status: 'completed',
        allowed_actions: [],
        payout: { amount: 16_000, status: 'paid', paid_at: '2026-12-08T16:30:00Z' },
      }),
    });
    const { unmount } = renderBookingPage();
    const details = await screen.findByRole('region', { name: 'Booking details' });
    expect(within(details).getByText('Your payout')).toBeInTheDocument();
    expect(within(details).getByText('$160.00, paid on Tue 8 Dec, 10:30 AM')).toBeInTheDocument();
    unmount();

    mockBookingApi({ booking: makeInitiatorBooking() });
    renderBookingPage();
    const theirs = await screen.findByRole('region', { name: 'Booking details' });
    expect(within(theirs).queryByText('Your payout')).toBeNull();
  });
});

describe('the tabs and nested views', () => {
  it('opens on Activity and moves to Application, a link marked as the current page', async () => {
    const user = userEvent.setup();
    mockBookingApi({ booking: makeBookingDetail() });
    const { router, baseElement } = renderBookingPage();
    const tabs = await screen.findByRole('navigation', { name: 'Booking views' });
    expect(within(tabs).getByRole('link', { name: 'Activity' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('region', { name: 'Activity' })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('link', { name: 'Application' }));
    expect(router.state.location.pathname).toBe(`/bookings/${BOOKING_ID}/application`);
    expect(within(tabs).getByRole('link', { name: 'Application' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Activity' })).not.toHaveAttribute(
      'aria-current',
    );
    const upsells = await screen.findByRole('region', { name: 'Upsells' });
    expect(within(upsells).getByRole('heading', { name: 'Social shout-out' })).toBeVisible();
    expect(within(upsells).getByText('$25.00')).toBeInTheDocument();
    expect(within(upsells).getByText('@buildshow')).toBeInTheDocument();
    expect(
      within(upsells).getByRole('link', {
        name: 'https://example.com/shout-out (opens in a new tab)',
      }),
    ).toHaveAttribute('target', '_blank');
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('Compilers.')).toBeInTheDocument();
    expect(screen.getByText('No pitch was sent with this booking.')).toBeInTheDocument();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('plays a recorded pitch with its text beside it', async () => {
    mockBookingApi({
      booking: makeBookingDetail({
        is_pitch: true,
        pitch: { type: 'video', text: 'I build compilers.', media_url: '/media/pitch.mp4' },
      }),
    });
    renderBookingPage(`/bookings/${BOOKING_ID}/application`);
    const pitch = await screen.findByRole('region', { name: 'Pitch' });
    // eslint-disable-next-line testing-library/no-node-access -- a <video> has no role to find it by
    const video = pitch.querySelector('video');
    expect(video).toHaveAttribute('src', '/media/pitch.mp4');
    expect(video).toHaveAttribute('aria-label', 'Video pitch from The Build Show');
    expect(within(pitch).getByText('I build compilers.')).toBeInTheDocument();
    expect(
      within(pitch).getByRole('link', { name: 'Open the recording (opens in a new tab)' }),
    ).toHaveAttribute('href', '/media/pitch.mp4');
  });

  it('shows the MINIVIEW answers without the tabs', async () => {
    mockBookingApi({ booking: makeBookingDetail() });
    const { baseElement } = renderBookingPage(`/bookings/${BOOKING_ID}/miniview`);
    const miniview = await screen.findByRole('region', { name: 'MINIVIEW™ answers' });
    expect(within(miniview).getByText('Introduce yourself in a minute.')).toBeInTheDocument();
    expect(within(miniview).getByText('I wrote one.')).toBeInTheDocument();
    expect(within(miniview).getByRole('link', { name: 'Back to the activity' })).toHaveAttribute(
      'href',
      `/bookings/${BOOKING_ID}`,
    );
    expect(screen.queryByRole('navigation', { name: 'Booking views' })).toBeNull();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('links to the MINIVIEW answers from the left column when there are some', async () => {
    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    const nav = await screen.findByRole('navigation', { name: 'Bookings navigation' });
    expect(within(nav).getByRole('link', { name: 'All bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
    expect(within(nav).getByRole('link', { name: 'MINIVIEW™ answers' })).toHaveAttribute(
      'href',
      `/bookings/${BOOKING_ID}/miniview`,
    );
  });
});

describe('#show-calendar', () => {
  it('opens the calendar for the date action the viewer may take, once', async () => {
    const user = userEvent.setup();
    mockBookingApi({ booking: makeScheduledBooking() });
    const { router } = renderBookingPage(`/bookings/${BOOKING_ID}#show-calendar`);
    expect(await screen.findByRole('dialog', { name: 'Calendar: reschedule' })).toBeVisible();
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    await user.click(screen.getByRole('button', { name: 'Close the calendar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens nothing for a viewer who may not set a date', async () => {
    mockBookingApi({ booking: makeInitiatorBooking() });
    renderBookingPage(`/bookings/${BOOKING_ID}#show-calendar`);
    await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('when the booking cannot be shown', () => {
  it('shows the skeleton while it loads', async () => {
    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    expect(await screen.findByText('Loading the booking')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'The Build Show' });
    expect(screen.queryByText('Loading the booking')).toBeNull();
    await screen.findByText('The Build Show requested an interview.');
  });

  it('404: says so and leads back to the bookings', async () => {
    const calls = mockBookingApi({ failure: { status: 404, body: { message: 'Not found.' } } });
    const { baseElement } = renderBookingPage();
    expect(
      await screen.findByRole('heading', { name: 'This booking was not found.' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
    expect(calls.booking).toBe(1);
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('403: says the booking is not this account’s to open', async () => {
    mockBookingApi({ failure: { status: 403, body: { message: 'Forbidden.' } } });
    renderBookingPage();
    expect(
      await screen.findByRole('heading', { name: 'You cannot open this booking.' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your bookings' })).toBeInTheDocument();
  });

  it('another failure offers Retry, which loads it', async () => {
    const user = userEvent.setup();
    mockBookingApi({ failure: { status: 500, body: { message: 'Down.' } } });
    const { baseElement } = renderBookingPage();
    expect(
      await screen.findByRole('heading', { name: 'The booking could not be loaded.' }),
    ).toBeVisible();
    expect(await axe(baseElement)).toHaveNoViolations();
    mockBookingApi({ booking: makeBookingDetail() });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Build Show' })).toBeVisible();
  });

  it('an id that is no number goes to the not-found page', async () => {
    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage('/bookings/abc');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeVisible();
  });
});
