import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { makeUser, server, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import { useConfirmStore, useToastStore } from '@guestspot/shared-ui';
import { draftKey } from '../../../lib/messages';
import { makeMessageEntry, makeSentMessage } from './chat-fixtures';
import {
  BOOKING_ID,
  inviteeTimeline,
  makeBookingDetail,
  makeCanceledBooking,
  makeScheduledBooking,
} from './page-fixtures';
import { loadBookingPage, mockBookingApi, renderBookingPage } from './test-support';

jest.mock('./calendar-modal', () => ({
  CalendarModal: ({ action }: { action: string }) => (
    <div role="dialog" aria-label={`Calendar: ${action}`} />
  ),
}));

// A whole page checked with axe takes seconds on a busy 2-core machine running every suite.
jest.setTimeout(20_000);
setupMswServer();
beforeAll(() => loadBookingPage());
beforeEach(() => {
  setSession(makeUser({ timezone: 'US/Central' }));
  window.localStorage.clear();
});
afterEach(() => {
  useToastStore.setState({ toasts: [] });
  act(() => useConfirmStore.setState({ request: null }));
});

type Answer = { status: number; body: JsonBodyType };

interface ChatCalls {
  /** each POST /bookings/{id}/messages body */
  sent: unknown[];
  /** each PUT /bookings/{id}/messages/{messageId}: the id and the body */
  updates: { id: string; body: unknown }[];
  /** PATCH /bookings/{id}/messages/read */
  reads: number;
}

/** The chat's calls: 200 unless an answer is given. */
function mockChatApi({ send, update }: { send?: Answer; update?: Answer } = {}): ChatCalls {
  const calls: ChatCalls = { sent: [], updates: [], reads: 0 };
  server.use(
    http.post('*/api/v1/bookings/:id/messages', async ({ request }) => {
      const body = (await request.json()) as { body: string };
      calls.sent.push(body);
      if (send) return HttpResponse.json(send.body, { status: send.status });
      return HttpResponse.json({ data: makeSentMessage({ body: body.body }) }, { status: 201 });
    }),
    http.put('*/api/v1/bookings/:id/messages/:messageId', async ({ params, request }) => {
      const body: unknown = await request.json();
      calls.updates.push({ id: String(params.messageId), body });
      if (update) return HttpResponse.json(update.body, { status: update.status });
      return HttpResponse.json({ data: makeSentMessage({ contains_schedule_link: true }) });
    }),
    http.patch('*/api/v1/bookings/:id/messages/read', () => {
      calls.reads += 1;
      return HttpResponse.json({ data: { read: 1 } });
    }),
  );
  return calls;
}

const feed = () => screen.getByRole('region', { name: 'Activity entries' });
const field = () => screen.getByRole('textbox', { name: 'Message' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const composer = () => screen.getByRole('form', { name: 'Send a message' });
const toasts = () => useToastStore.getState().toasts.map(({ tone, message }) => [tone, message]);
const entryOf = (text: string) =>
  within(feed()).getByText(text, { exact: false }).closest('li') as HTMLElement; // eslint-disable-line testing-library/no-node-access -- a message is its list item

const chatTimeline = [
  ...inviteeTimeline.slice(0, 2),
  makeMessageEntry(
    20,
    'Hi Grace, see https://cal.example.com/build. <b>bold</b> javascript:alert(1)',
    {
      properties: { written_by: 'Ada Lovelace', read_at: '2026-11-28T16:05:00Z' },
    },
  ),
  makeMessageEntry(21, 'Sounds good, see www.example.com', {
    mine: true,
    created_at: '2026-11-28T16:10:00Z',
    properties: { read_at: '2026-11-28T16:20:00Z', edited_at: '2026-11-28T16:11:00Z' },
  }),
  makeMessageEntry(22, 'Not seen yet', { mine: true, created_at: '2026-11-28T16:12:00Z' }),
];

describe('the chat in the Activity feed', () => {
  it('reads each message as text: its author, safe links, edited and seen marks', async () => {
    mockChatApi();
    mockBookingApi({ booking: makeBookingDetail({ timeline: chatTimeline }) });
    const { baseElement } = renderBookingPage();
    await screen.findByText('Not seen yet');

    const theirs = entryOf('Hi Grace');
    // A team member wrote it for the show.
    expect(within(theirs).getByText('Ada Lovelace for The Build Show')).toBeInTheDocument();
    // Only the http(s) address is a link, opened apart from this page.
    const links = within(theirs).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('https://cal.example.com/build (opens in a new tab)');
    expect(links[0]).toHaveAttribute('href', 'https://cal.example.com/build');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // Markup and other schemes stay text.
    expect(theirs).toHaveTextContent('<b>bold</b> javascript:alert(1)');
    expect(within(theirs).queryByText('bold', { selector: 'b' })).toBeNull();
    // Read marks are for one's own messages only.
    expect(within(theirs).queryByText('Seen')).toBeNull();
    expect(within(theirs).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(theirs).toHaveAttribute('data-by', 'other');

    const mine = entryOf('Sounds good');
    expect(mine).toHaveAttribute('data-by', 'viewer');
    expect(within(mine).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(mine).queryByRole('link')).toBeNull();
    expect(within(mine).getByText('Edited')).toBeInTheDocument();
    expect(within(mine).getByText('Seen')).toBeInTheDocument();
    expect(within(mine).getByText('Nov 28, 10:10 AM')).toBeInTheDocument();
    expect(within(entryOf('Not seen yet')).queryByText('Seen')).toBeNull();

    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('sends a message, counting its characters, and reads the feed and the inbox again', async () => {
    const user = userEvent.setup();
    const chat = mockChatApi();
    const calls = mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    expect(screen.getByText('0/300')).toBeInTheDocument();
    await user.type(field(), '  Looking forward ');
    expect(screen.getByText('18/300')).toBeInTheDocument();
    expect(field()).toHaveAccessibleDescription('18/300');
    const loads = calls.activities.length;
    await user.click(sendButton());
    await waitFor(() => expect(chat.sent).toEqual([{ body: 'Looking forward' }]));
    await waitFor(() => expect(field()).toHaveValue(''));
    expect(calls.activities.length).toBeGreaterThan(loads);
    expect(window.localStorage.getItem(draftKey(BOOKING_ID))).toBeNull();
    expect(chat.updates).toEqual([]);
    expect(field()).toHaveFocus();
  });

  it('only focuses the field on an empty send', async () => {
    const user = userEvent.setup();
    const chat = mockChatApi();
    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.type(field(), '   ');
    await user.click(sendButton());
    expect(field()).toHaveFocus();
    expect(field()).not.toHaveAttribute('aria-invalid');
    expect(chat.sent).toEqual([]);
  });

  it('stops at 300 characters', async () => {
    const user = userEvent.setup();
    mockChatApi();
    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.click(field());
    await user.paste('x'.repeat(320));
    expect(field()).toHaveValue('x'.repeat(300));
    expect(screen.getByText('300/300')).toBeInTheDocument();
  });

  it('asks about the date for a link; Yes sends it, flags it and opens the calendar', async () => {
    const user = userEvent.setup();
    const chat = mockChatApi();
    mockBookingApi({ booking: makeScheduledBooking() });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.type(field(), 'New time: calendly.com/grace');
    await user.click(sendButton());
    const question = await screen.findByRole('dialog', {
      name: 'Are you trying to update the booking date?',
    });
    expect(chat.sent).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(chat.updates).toHaveLength(1));
    expect(chat.sent).toEqual([{ body: 'New time: calendly.com/grace' }]);
    expect(chat.updates[0]).toEqual({ id: '90', body: { contains_schedule_link: true } });
    // The first date action the viewer may take: re-schedule.
    expect(await screen.findByRole('dialog', { name: 'Calendar: reschedule' })).toBeVisible();
    expect(field()).toHaveValue('');
    expect(toasts()).toEqual([]);
  });

  it('marks a message about the date and offers the calendar the viewer may open', async () => {
    const user = userEvent.setup();
    mockChatApi();
    const aboutDate = makeMessageEntry(23, 'Could we move it? https://cal.example.com/x', {
      properties: { contains_schedule_link: true },
    });
    const plain = makeMessageEntry(24, 'Thanks for the notes');
    const booking = makeScheduledBooking();
    mockBookingApi({ booking: { ...booking, timeline: [...booking.timeline, aboutDate, plain] } });
    renderBookingPage();
    await screen.findByText('Thanks for the notes');
    const entry = entryOf('Could we move it?');
    expect(within(entry).getByText('About the interview date')).toBeInTheDocument();
    expect(
      within(entryOf('Thanks for the notes')).queryByText('About the interview date'),
    ).toBeNull();
    await user.click(within(entry).getByRole('button', { name: 'Re-Schedule Booking' }));
    expect(await screen.findByRole('dialog', { name: 'Calendar: reschedule' })).toBeVisible();
  });

  it('marks a message about the date without a calendar when no date action is allowed', async () => {
    mockChatApi();
    const aboutDate = makeMessageEntry(23, 'Could we move it?', {
      properties: { contains_schedule_link: true },
    });
    mockBookingApi({ booking: makeBookingDetail({ timeline: [aboutDate], allowed_actions: [] }) });
    renderBookingPage();
    await screen.findByText('Could we move it?');
    const item = entryOf('Could we move it?');
    expect(within(item).getByText('About the interview date')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Schedule|date/i })).toBeNull();
  });

  it('No sends the link as a plain message', async () => {
    const user = userEvent.setup();
    const chat = mockChatApi();
    mockBookingApi({ booking: makeScheduledBooking() });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.type(field(), 'Our notes: https://docs.example.com/x');
    await user.click(sendButton());
    const question = await screen.findByRole('dialog', {
      name: 'Are you trying to update the booking date?',
    });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(chat.sent).toHaveLength(1));
    await waitFor(() => expect(field()).toHaveValue(''));
    expect(chat.updates).toEqual([]);
    expect(screen.queryByRole('dialog', { name: /Calendar/ })).toBeNull();
  });

  it("says 'Sorry. An error ocured.' when the flag cannot be set; the message is sent", async () => {
    const user = userEvent.setup();
    const chat = mockChatApi({ update: { status: 500, body: { message: 'Server Error' } } });
    mockBookingApi({ booking: makeScheduledBooking() });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.type(field(), 'https://cal.example.com/grace');
    await user.click(sendButton());
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Are you trying to update the booking date?' }),
      ).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(toasts()).toEqual([['error', 'Sorry. An error ocured.']]));
    expect(chat.sent).toHaveLength(1);
    expect(field()).toHaveValue('');
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('tints the field red and keeps the text when the send fails', async () => {
    const user = userEvent.setup();
    mockChatApi({ send: { status: 500, body: { message: 'Server Error' } } });
    mockBookingApi({ booking: makeBookingDetail() });
    const { baseElement } = renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.type(field(), 'Are you free on Monday?');
    await user.click(sendButton());
    expect(await within(composer()).findByRole('alert')).toHaveTextContent(
      'Your message was not sent. Please try again.',
    );
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveValue('Are you free on Monday?');
    expect(field()).toHaveAccessibleDescription(
      '23/300 Your message was not sent. Please try again.',
    );
    expect(window.localStorage.getItem(draftKey(BOOKING_ID))).toBe('Are you free on Monday?');
    expect(await axe(baseElement)).toHaveNoViolations();
    // Writing again clears the tint.
    await user.type(field(), '!');
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it("says the server's message past the rate limit (429)", async () => {
    const user = userEvent.setup();
    mockChatApi({
      send: { status: 429, body: { message: 'Too many messages. Try again in a minute.' } },
    });
    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.type(field(), 'One more');
    await user.click(sendButton());
    expect(await within(composer()).findByRole('alert')).toHaveTextContent(
      'Too many messages. Try again in a minute.',
    );
    expect(field()).toHaveValue('One more');
  });

  it('keeps the draft of each booking when the page is left and opened again', async () => {
    const user = userEvent.setup();
    mockChatApi();
    mockBookingApi({ booking: makeBookingDetail() });
    const { unmount } = renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    await user.type(field(), 'Half a thought');
    unmount();
    expect(window.localStorage.getItem(draftKey(BOOKING_ID))).toBe('Half a thought');

    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    expect(field()).toHaveValue('Half a thought');
    expect(screen.getByText('14/300')).toBeInTheDocument();
    // Another booking has its own draft.
    expect(window.localStorage.getItem(draftKey(BOOKING_ID + 1))).toBeNull();
  });

  it('closes sending, saying why, when the booking is canceled', async () => {
    mockChatApi();
    mockBookingApi({
      booking: makeCanceledBooking({
        timeline: [...chatTimeline],
      }),
    });
    const { baseElement } = renderBookingPage();
    await screen.findByText('Not seen yet');
    expect(field()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(field()).toHaveAccessibleDescription(
      'This booking was canceled, so no more messages can be sent. 0/300',
    );
    // Nor can a message be edited any more.
    expect(within(feed()).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('closes sending when the booking expired', async () => {
    mockChatApi();
    mockBookingApi({
      booking: makeBookingDetail({ status: 'expired', is_expired: true, allowed_actions: [] }),
    });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    expect(field()).toBeDisabled();
    expect(
      screen.getByText('This booking expired, so no more messages can be sent.'),
    ).toBeInTheDocument();
  });

  it('closes sending when a request is past its time to answer, as the server counts it', async () => {
    mockChatApi();
    mockBookingApi({
      booking: makeBookingDetail({ status: 'pending', expires_at: '2020-01-01T00:00:00Z' }),
    });
    renderBookingPage();
    await screen.findByText('The Build Show requested an interview.');
    expect(field()).toBeDisabled();
    expect(
      screen.getByText('This booking expired, so no more messages can be sent.'),
    ).toBeInTheDocument();
  });

  it("marks the other side's unread messages read once shown, once", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const chat = mockChatApi();
      const unread = makeMessageEntry(30, 'Are you there?');
      const calls = mockBookingApi({
        booking: makeBookingDetail({ timeline: [...inviteeTimeline, unread] }),
      });
      renderBookingPage();
      await screen.findByText('Are you there?');
      await waitFor(() => expect(chat.reads).toBe(1));
      // The next poll still shows it unread (the server's answer here does not change): no
      // second mark.
      await act(() => jest.advanceTimersByTimeAsync(10_000));
      await waitFor(() => expect(calls.activities.length).toBeGreaterThan(1));
      expect(chat.reads).toBe(1);
      // Nor when the same messages show in the other order.
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Oldest Activity');
      await waitFor(() => expect(calls.activities).toContain('asc'));
      await screen.findByText('Are you there?');
      expect(chat.reads).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits for a background tab to be shown before marking what it received read', async () => {
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const chat = mockChatApi();
      const unread = makeMessageEntry(31, 'Arrived while you were away');
      mockBookingApi({ booking: makeBookingDetail({ timeline: [...inviteeTimeline, unread] }) });
      renderBookingPage();
      await screen.findByText('Arrived while you were away');
      // Give a mark the time to go out, were one due.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(chat.reads).toBe(0);
      visibility.mockReturnValue('visible');
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(chat.reads).toBe(1));
    } finally {
      visibility.mockRestore();
    }
  });

  it('marks nothing when every message is read or the viewer’s own', async () => {
    const chat = mockChatApi();
    mockBookingApi({ booking: makeBookingDetail({ timeline: chatTimeline }) });
    renderBookingPage();
    await screen.findByText('Not seen yet');
    // Give a mark the time to go out, were one due.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chat.reads).toBe(0);
  });
});

describe('editing one’s own message', () => {
  it('saves the new text in place (PUT) and gives focus back', async () => {
    const user = userEvent.setup();
    const chat = mockChatApi();
    mockBookingApi({ booking: makeBookingDetail({ timeline: chatTimeline }) });
    renderBookingPage();
    await screen.findByText('Not seen yet');
    const entry = entryOf('Not seen yet');
    const edit = within(entry).getByRole('button', { name: 'Edit your message' });
    await user.click(edit);
    const box = within(entry).getByRole('textbox', { name: 'Edit message' });
    expect(box).toHaveValue('Not seen yet');
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'Read it now');
    await user.click(within(entry).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(chat.updates).toEqual([{ id: '22', body: { body: 'Read it now' } }]),
    );
    await waitFor(() => expect(within(entryOf('Not seen yet')).queryByRole('textbox')).toBeNull());
    await waitFor(() =>
      expect(
        within(entryOf('Not seen yet')).getByRole('button', { name: 'Edit your message' }),
      ).toHaveFocus(),
    );
  });

  it('Cancel (or Escape) leaves the message as it was', async () => {
    const user = userEvent.setup();
    const chat = mockChatApi();
    mockBookingApi({ booking: makeBookingDetail({ timeline: chatTimeline }) });
    renderBookingPage();
    await screen.findByText('Not seen yet');
    const entry = entryOf('Not seen yet');
    await user.click(within(entry).getByRole('button', { name: 'Edit your message' }));
    await user.type(within(entry).getByRole('textbox', { name: 'Edit message' }), ' at all');
    await user.click(within(entry).getByRole('button', { name: 'Cancel' }));
    expect(within(entry).queryByRole('textbox')).toBeNull();
    expect(entry).toHaveTextContent('Not seen yet');
    await user.click(within(entry).getByRole('button', { name: 'Edit your message' }));
    await user.keyboard('{Escape}');
    expect(within(entry).queryByRole('textbox')).toBeNull();
    expect(chat.updates).toEqual([]);
  });

  it('keeps the text in a red field when the save fails', async () => {
    const user = userEvent.setup();
    mockChatApi({ update: { status: 500, body: { message: 'Server Error' } } });
    mockBookingApi({ booking: makeBookingDetail({ timeline: chatTimeline }) });
    renderBookingPage();
    await screen.findByText('Not seen yet');
    const entry = entryOf('Not seen yet');
    await user.click(within(entry).getByRole('button', { name: 'Edit your message' }));
    const box = within(entry).getByRole('textbox', { name: 'Edit message' });
    await user.type(box, '!');
    await user.click(within(entry).getByRole('button', { name: 'Save' }));
    expect(await within(entry).findByRole('alert')).toHaveTextContent(
      'Your message was not sent. Please try again.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveValue('Not seen yet!');
  });

  it('asks about the date when the new text holds a link; Yes saves it flagged', async () => {
    const user = userEvent.setup();
    const chat = mockChatApi();
    const booking = makeScheduledBooking({ timeline: chatTimeline });
    mockBookingApi({ booking });
    renderBookingPage();
    await screen.findByText('Not seen yet');
    const entry = entryOf('Not seen yet');
    await user.click(within(entry).getByRole('button', { name: 'Edit your message' }));
    const box = within(entry).getByRole('textbox', { name: 'Edit message' });
    await user.clear(box);
    await user.type(box, 'Moved: https://cal.example.com/new');
    await user.click(within(entry).getByRole('button', { name: 'Save' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Are you trying to update the booking date?' }),
      ).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() =>
      expect(chat.updates).toEqual([
        {
          id: '22',
          body: { body: 'Moved: https://cal.example.com/new', contains_schedule_link: true },
        },
      ]),
    );
    expect(await screen.findByRole('dialog', { name: 'Calendar: reschedule' })).toBeVisible();
  });
});
