import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { makeUser, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import { useConfirmStore } from '@guestspot/shared-ui';
import { CONVERSATIONS_POLL_MS } from '../../../hooks/use-messages';
import {
  conversationMessages,
  INBOX_NOW,
  INBOX_ZONE,
  inboxConversations,
  makeConversation,
} from './inbox-fixtures';
import { asPhone, loadInbox, mockInboxApi, renderInbox } from './test-support';

// A whole page checked with axe takes seconds on a busy 2-core machine running every suite.
jest.setTimeout(20_000);
setupMswServer();
beforeAll(() => loadInbox());
beforeEach(() => {
  setSession(makeUser({ id: 1, timezone: INBOX_ZONE }));
  window.localStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  act(() => useConfirmStore.setState({ request: null }));
});

/** Only the clock is fixed (Wed 2 Dec 2026, 10:30 AM in US/Central): timers run as usual. */
function fixTheClock() {
  jest.useFakeTimers({
    now: new Date(INBOX_NOW),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

const list = () => screen.getByRole('navigation', { name: 'Conversations' });
const findList = () => screen.findByRole('navigation', { name: 'Conversations' });
const rowOf = (name: RegExp) => within(list()).getByRole('link', { name });

describe('the inbox list', () => {
  it('lists every conversation: who, when, the last message, the unread count', async () => {
    fixTheClock();
    const calls = mockInboxApi({ conversations: inboxConversations });
    const { baseElement } = renderInbox();
    await within(await findList()).findByRole('link', { name: /The Build Show/ });
    expect(calls.conversations).toEqual(['1']);

    const links = within(list()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/messages/5',
      '/messages/8',
      '/messages/3',
    ]);
    // The name says everything the row shows, the unread count included.
    expect(links[0]).toHaveAccessibleName(
      /^The Build Show\s*,\s*9:05 AM\s*,\s*Could we move it to Thursday afternoon\? We would love to have…\s*,\s*2 unread messages$/,
    );
    // Two days ago; the viewer's own last message; nothing unread, so no count.
    expect(links[1]).toHaveAccessibleName(
      /^Deep Dive Radio\s*,\s*2 days ago\s*,\s*You: See you on Monday!$/,
    );
    // From 7 days on, the date.
    expect(links[2]).toHaveAccessibleName(
      /^Night Owls\s*,\s*Nov 18, 2026\s*,\s*Sorry we could not make it work\.\s*,\s*1 unread message$/,
    );
    expect(within(links[0]!).getByText('2', { selector: '[aria-hidden="true"]' })).toBeVisible();
    expect(within(links[1]!).getByText('2 days ago')).toHaveAttribute(
      'datetime',
      '2026-11-30T18:00:00Z',
    );

    // No conversation chosen yet.
    expect(screen.getByRole('heading', { name: 'Welcome to Messages!' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('searches by name and by the last message, in the browser', async () => {
    const user = userEvent.setup();
    const calls = mockInboxApi({ conversations: inboxConversations });
    renderInbox();
    await within(await findList()).findByRole('link', { name: /The Build Show/ });
    const search = screen.getByRole('searchbox', { name: 'Search conversations' });

    await user.type(search, 'radio');
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(1));
    expect(rowOf(/Deep Dive Radio/)).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'THURSDAY');
    await waitFor(() => expect(within(list()).getAllByRole('link')).toHaveLength(1));
    expect(rowOf(/The Build Show/)).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No conversations match “nobody”.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(within(list()).queryAllByRole('link')).toHaveLength(0);
    // The search asks the server nothing.
    expect(calls.conversations).toHaveLength(1);
  });

  it('says when there are no conversations yet', async () => {
    mockInboxApi({ conversations: [] });
    const { baseElement } = renderInbox();
    expect(await screen.findByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View bookings' })).toHaveAttribute(
      'href',
      '/bookings',
    );
    expect(screen.getByRole('heading', { name: 'Welcome to Messages!' })).toBeVisible();
    expect(screen.getByText(/You have no conversations yet\./)).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toBeDisabled();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('says when the list could not be loaded, and loads it again on Retry', async () => {
    const user = userEvent.setup();
    mockInboxApi({ conversationsFailure: { status: 500, body: { message: 'Down' } } });
    const { baseElement } = renderInbox();
    expect(
      await screen.findByRole('heading', { name: 'The conversations could not be loaded.' }),
    ).toBeVisible();
    expect(await axe(baseElement)).toHaveNoViolations();
    mockInboxApi({ conversations: inboxConversations });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await within(await findList()).findByRole('link', { name: /The Build Show/ }),
    ).toBeVisible();
  });

  it('asks for the list again every 60 seconds', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = mockInboxApi({ conversations: inboxConversations });
    renderInbox();
    await within(await findList()).findByRole('link', { name: /The Build Show/ });
    expect(CONVERSATIONS_POLL_MS).toBe(60_000);
    expect(calls.conversations).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(CONVERSATIONS_POLL_MS));
    await waitFor(() => expect(calls.conversations).toHaveLength(2));
  });
});

describe('a conversation', () => {
  it('opens from the list: its days, its messages, a link to the booking; and marks it read', async () => {
    fixTheClock();
    const user = userEvent.setup();
    const calls = mockInboxApi({
      conversations: inboxConversations,
      messages: { 5: conversationMessages },
    });
    const { baseElement } = renderInbox();
    await user.click(await within(await findList()).findByRole('link', { name: /The Build Show/ }));

    const log = await screen.findByRole('log', { name: 'Messages with The Build Show' });
    expect(new Set(calls.messages)).toEqual(new Set(['5']));
    expect(screen.getByRole('heading', { level: 2, name: 'The Build Show' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View booking with The Build Show' })).toHaveAttribute(
      'href',
      '/bookings/5',
    );
    // The open conversation is the current one in the list.
    expect(rowOf(/The Build Show/)).toHaveAttribute('aria-current', 'page');

    // A separator for each day, in the viewer's zone.
    const days = within(log).getAllByRole('heading', { level: 3 });
    expect(days.map((day) => day.textContent)).toEqual(['Yesterday', 'Today']);
    const dayOf = (label: string) =>
      within(log).getByRole('heading', { level: 3, name: label }).closest('li') as HTMLElement; // eslint-disable-line testing-library/no-node-access -- a day is its list item
    const yesterday = dayOf('Yesterday');
    const today = dayOf('Today');
    expect(within(yesterday).getByText('Hi! Happy to join.')).toBeInTheDocument();
    expect(within(today).getByText('Ada Lovelace for The Build Show')).toBeInTheDocument();
    // Text only, an http(s) address a link of its own.
    expect(
      within(log).getByRole('link', {
        name: 'https://notes.example.com/ep-12 (opens in a new tab)',
      }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // The viewer's own message is seen; the other side's edited one says so.
    expect(within(yesterday).getByText('Seen')).toBeInTheDocument();
    expect(within(today).getByText('Edited')).toBeInTheDocument();
    expect(within(today).getByText('9:05 AM')).toBeInTheDocument();
    // Sent as a date change (Yes to the link question): marked so; the others are not.
    expect(within(today).getByText('About the interview date')).toBeInTheDocument();
    expect(within(yesterday).queryByText('About the interview date')).toBeNull();

    // Opening it marks the other side's unread messages read, and the list is read again.
    await waitFor(() => expect(calls.reads).toEqual(['5']));
    await waitFor(() => expect(calls.conversations.length).toBeGreaterThan(1));

    // The same composer as the booking page's.
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('opens from a link to it, and sends from its footer', async () => {
    const user = userEvent.setup();
    const calls = mockInboxApi({
      conversations: inboxConversations,
      messages: { 5: conversationMessages },
    });
    renderInbox('/messages/5');
    await screen.findByRole('log', { name: 'Messages with The Build Show' });
    const loads = calls.messages.length;
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thursday works.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.sent).toEqual([{ id: '5', body: { body: 'Thursday works.' } }]),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(''));
    // The conversation and the list are read again.
    expect(calls.messages.length).toBeGreaterThan(loads);
  });

  it('goes to the booking to set the date when a link is about it', async () => {
    const user = userEvent.setup();
    const calls = mockInboxApi({
      conversations: inboxConversations,
      messages: { 5: conversationMessages },
    });
    renderInbox('/messages/5');
    await screen.findByRole('log', { name: 'Messages with The Build Show' });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'cal.example.com/grace');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Are you trying to update the booking date?' }),
      ).getByRole('button', { name: 'Yes' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Landed on /bookings/5#show-calendar' }),
    ).toBeVisible();
    expect(calls.sent).toHaveLength(1);
    expect(calls.updates).toEqual([{ id: '99', body: { contains_schedule_link: true } }]);
  });

  it('cannot be written to once its booking is canceled', async () => {
    mockInboxApi({
      conversations: inboxConversations,
      messages: { 3: [] },
    });
    renderInbox('/messages/3');
    expect(
      await screen.findByText('No messages yet. Write the first one below.'),
    ).toBeInTheDocument();
    // The list says the booking is canceled.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(
      screen.getByText('This booking was canceled, so no more messages can be sent.'),
    ).toBeVisible();
  });

  it('marks nothing read when everything shown is read', async () => {
    const calls = mockInboxApi({
      conversations: inboxConversations,
      messages: { 8: conversationMessages.slice(0, 2) },
    });
    renderInbox('/messages/8');
    await screen.findByRole('log', { name: 'Messages with Deep Dive Radio' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.reads).toEqual([]);
  });

  it('says when it could not be loaded, and loads it again on Retry', async () => {
    const user = userEvent.setup();
    mockInboxApi({
      conversations: inboxConversations,
      messagesFailure: { status: 500, body: { message: 'Down' } },
    });
    const { baseElement } = renderInbox('/messages/5');
    expect(
      await screen.findByRole('heading', { name: 'The conversation could not be loaded.' }),
    ).toBeVisible();
    expect(await axe(baseElement)).toHaveNoViolations();
    mockInboxApi({ conversations: inboxConversations, messages: { 5: conversationMessages } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('log', { name: 'Messages with The Build Show' })).toBeVisible();
  });

  it('names the other side from the messages when the list does not hold the booking', async () => {
    mockInboxApi({
      conversations: [makeConversation({ booking_id: 8 })],
      messages: { 5: conversationMessages },
    });
    renderInbox('/messages/5');
    expect(await screen.findByRole('log', { name: 'Messages with The Build Show' })).toBeVisible();
  });
});

describe('on a phone', () => {
  it('shows the list and the conversation as two screens, by route', async () => {
    const undo = asPhone();
    try {
      const user = userEvent.setup();
      mockInboxApi({ conversations: inboxConversations, messages: { 5: conversationMessages } });
      const { baseElement } = renderInbox();
      // /messages: the list only.
      await user.click(
        await within(await findList()).findByRole('link', { name: /The Build Show/ }),
      );
      // /messages/5: the conversation only, with the way back.
      await screen.findByRole('log', { name: 'Messages with The Build Show' });
      expect(screen.queryByRole('navigation', { name: 'Conversations' })).toBeNull();
      // The list's screen is gone: focus moves to the conversation's name.
      expect(screen.getByRole('heading', { level: 2, name: 'The Build Show' })).toHaveFocus();
      expect(screen.queryByRole('heading', { name: 'Welcome to Messages!' })).toBeNull();
      expect(await axe(baseElement)).toHaveNoViolations();
      await user.click(screen.getByRole('link', { name: 'Back to conversations' }));
      expect(await screen.findByRole('navigation', { name: 'Conversations' })).toBeVisible();
      expect(screen.queryByRole('log')).toBeNull();
      // The welcome is for wide screens: a phone's first screen is the list.
      expect(screen.queryByRole('heading', { name: 'Welcome to Messages!' })).toBeNull();
    } finally {
      undo();
    }
  });

  it('has no Back link on a wide screen, where the list stays beside the conversation', async () => {
    mockInboxApi({ conversations: inboxConversations, messages: { 5: conversationMessages } });
    renderInbox('/messages/5');
    await screen.findByRole('log', { name: 'Messages with The Build Show' });
    expect(screen.queryByRole('link', { name: 'Back to conversations' })).toBeNull();
    expect(list()).toBeVisible();
  });
});
