import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { makeUser, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import { ACTIVITY_POLL_MS } from '../hooks/use-booking';
import { makeBookingDetail, makeEntry, PROPOSALS } from './page-fixtures';
import { loadBookingPage, mockBookingApi, renderBookingPage } from './test-support';

setupMswServer();
beforeAll(() => loadBookingPage());
beforeEach(() => setSession(makeUser({ timezone: 'US/Central' })));
afterEach(() => jest.useRealTimers());

/** Every kind of entry, oldest first (the server's order for sort=asc). */
const timeline = [
  makeEntry({
    id: 'activity-1',
    type: 'order-started',
    description: 'The Build Show requested an interview.',
    created_at: '2026-11-28T15:00:00Z',
  }),
  makeEntry({
    id: 'activity-2',
    type: 'proposed_dates',
    description: 'The Build Show proposed 2 dates.',
    created_at: '2026-11-28T15:05:00Z',
    properties: { dates: [...PROPOSALS] },
  }),
  makeEntry({
    id: 'activity-3',
    type: 'text_pitch',
    description: 'The Build Show sent a pitch.',
    created_at: '2026-11-28T15:06:00Z',
    properties: { message: 'We would love to have you.' },
  }),
  makeEntry({
    id: 'activity-4',
    type: 'audio_pitch',
    description: 'The Build Show sent an audio pitch.',
    created_at: '2026-11-28T15:07:00Z',
    properties: { media_url: '/media/pitch.webm' },
  }),
  makeEntry({
    id: 'activity-5',
    type: 'message_intent',
    description: 'The Build Show shared a scheduling link.',
    created_at: '2026-11-28T15:08:00Z',
    properties: { scheduling_link: 'https://cal.example.com/build' },
  }),
  makeEntry({
    id: 'activity-6',
    type: 'confirmed',
    description: 'You confirmed the interview date.',
    created_at: '2026-11-29T16:30:00Z',
    actor_side: 'guest',
    by_viewer: true,
    properties: { date: PROPOSALS[0] },
  }),
  makeEntry({
    id: 'activity-7',
    type: 'canceled',
    description: 'You canceled the booking.',
    created_at: '2026-11-30T18:00:00Z',
    actor_side: 'guest',
    by_viewer: true,
    properties: { reason: 'Double booked.' },
  }),
];

const feed = () => screen.getByRole('region', { name: 'Activity entries' });
const entryOf = (description: string) => screen.getByText(description).closest('li') as HTMLElement; // eslint-disable-line testing-library/no-node-access -- an entry is its list item

describe('the activity feed', () => {
  it('reads newest first by default, each entry by its type, in the viewer’s zone', async () => {
    const calls = mockBookingApi({ booking: makeBookingDetail(), timeline });
    const { baseElement } = renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    expect(calls.activities).toEqual(['desc']);
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('desc');
    // The latest entry first.
    expect(
      entryOf('You canceled the booking.').compareDocumentPosition(
        entryOf('The Build Show requested an interview.'),
      ) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    // 'MMM D, h:mm A' in US/Central (15:00 UTC is 9:00 AM there).
    expect(within(entryOf('The Build Show requested an interview.')).getByText('Nov 28, 9:00 AM'));
    const proposed = entryOf('The Build Show proposed 2 dates.');
    expect(within(proposed).getByText('Mon 7 Dec, 2:00 PM')).toBeInTheDocument();
    expect(within(proposed).getByText('Tue 8 Dec, 4:00 PM')).toBeInTheDocument();
    expect(
      within(entryOf('The Build Show sent a pitch.')).getByText('We would love to have you.'),
    ).toBeInTheDocument();
    const audio = entryOf('The Build Show sent an audio pitch.');
    // eslint-disable-next-line testing-library/no-node-access -- an <audio> has no role to find it by
    expect(audio.querySelector('audio')).toHaveAttribute('src', '/media/pitch.webm');
    expect(
      within(audio).getByText('No written version was sent with this recording.'),
    ).toBeInTheDocument();
    const link = within(entryOf('The Build Show shared a scheduling link.')).getByRole('link', {
      name: 'https://cal.example.com/build (opens in a new tab)',
    });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(
      within(entryOf('You confirmed the interview date.')).getByText('Mon 7 Dec, 2:00 PM'),
    ).toBeInTheDocument();
    expect(
      within(entryOf('You canceled the booking.')).getByText('Reason: Double booked.'),
    ).toBeInTheDocument();

    // The viewer's own entries read apart from the other side's.
    expect(entryOf('You canceled the booking.')).toHaveAttribute('data-by', 'viewer');
    expect(entryOf('The Build Show sent a pitch.')).toHaveAttribute('data-by', 'other');
    // A box of at most 700 px that a keyboard can scroll.
    expect(feed()).toHaveAttribute('tabindex', '0');
    // axe waits up to 10 s for media to load before it checks autoplay; jsdom loads none, and
    // these players never autoplay.
    expect(
      await axe(baseElement, { rules: { 'no-autoplay-audio': { enabled: false } } }),
    ).toHaveNoViolations();
  });

  it('reads oldest first from the sort menu', async () => {
    const user = userEvent.setup();
    const calls = mockBookingApi({ booking: makeBookingDetail(), timeline });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest Activity');
    await waitFor(() => expect(calls.activities).toEqual(['desc', 'asc']));
    await waitFor(() =>
      expect(within(feed()).getAllByRole('listitem')[0]).toHaveTextContent(
        'The Build Show requested an interview.',
      ),
    );
  });

  it('shows a spinner while it loads, then scrolls to the newest entry: the top when newest first, the bottom when oldest first', async () => {
    const scrollHeight = jest
      .spyOn(HTMLElement.prototype, 'scrollHeight', 'get')
      .mockReturnValue(1234);
    const user = userEvent.setup();
    mockBookingApi({ booking: makeBookingDetail(), timeline });
    renderBookingPage();
    expect(await screen.findByText('Loading the activity')).toBeInTheDocument();
    await screen.findByText('The Build Show requested an interview.');
    expect(screen.queryByText('Loading the activity')).toBeNull();
    feed().scrollTop = 500;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest Activity');
    await waitFor(() => expect(feed().scrollTop).toBe(1234));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Newest Activity');
    await waitFor(() => expect(feed().scrollTop).toBe(0));
    scrollHeight.mockRestore();
  });

  it('asks again every 10 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = mockBookingApi({ booking: makeBookingDetail(), timeline });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    expect(ACTIVITY_POLL_MS).toBe(10_000);
    expect(calls.activities).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(ACTIVITY_POLL_MS));
    await waitFor(() => expect(calls.activities).toHaveLength(2));
    await act(() => jest.advanceTimersByTimeAsync(ACTIVITY_POLL_MS));
    await waitFor(() => expect(calls.activities).toHaveLength(3));
  });

  it('reads the booking again when the feed brings an entry it does not have', async () => {
    const booking = makeBookingDetail({ timeline: timeline.slice(0, 2) });
    const calls = mockBookingApi({ booking, timeline });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await waitFor(() => expect(calls.booking).toBe(2));
  });

  it('flags a failed load and loads again on Retry', async () => {
    const user = userEvent.setup();
    mockBookingApi({
      booking: makeBookingDetail(),
      activitiesFailure: { status: 500, body: { message: 'Down.' } },
    });
    const { baseElement } = renderBookingPage();
    expect(await screen.findByText('The activity could not be loaded.')).toBeVisible();
    expect(await axe(baseElement)).toHaveNoViolations();
    mockBookingApi({ booking: makeBookingDetail(), timeline });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The Build Show requested an interview.')).toBeVisible();
  });

  it('says when nothing happened yet', async () => {
    mockBookingApi({ booking: makeBookingDetail({ timeline: [] }), timeline: [] });
    renderBookingPage();
    expect(await screen.findByText('No activity yet.')).toBeVisible();
  });
});
