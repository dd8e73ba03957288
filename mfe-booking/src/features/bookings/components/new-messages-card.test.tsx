import { screen, within } from '@testing-library/react';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { Conversation } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { widgets } from '../../../exposes/widgets';
import { NewMessagesCard } from './new-messages-card';

// A whole page checked with axe takes seconds on a busy 2-core machine running every suite.
jest.setTimeout(20_000);
setupMswServer();
beforeEach(() => setSession(makeUser({ id: 7 })));

function conversation(id: number, name: string, unread: number): Conversation {
  return {
    booking_id: id,
    booking_status: 'accepted',
    counterpart: { type: 'show', id: id + 100, name, imageUrl: null },
    last_message: {
      preview: `Last words of ${name}`,
      created_at: '2026-12-01T15:00:00Z',
      is_mine: false,
    },
    unread_count: unread,
  };
}

/** The card's two calls, for user 7; records who they were asked for. */
function mockMessages(count: number, conversations: Conversation[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/users/:id/unread-messages', ({ params }) => {
      asked.push(`unread ${String(params.id)}`);
      return HttpResponse.json({ data: { count, conversations: 2 } });
    }),
    http.get('*/api/v1/users/:id/all-messages', ({ params }) => {
      asked.push(`all ${String(params.id)}`);
      return HttpResponse.json({ data: conversations });
    }),
  );
  return asked;
}

describe('the new messages card', () => {
  it('is exposed to the dashboard, before the recent bookings', () => {
    const ordered = [...widgets].sort((a, b) => a.order - b.order).map((widget) => widget.id);
    expect(ordered).toEqual(['new-messages', 'recent-bookings']);
    expect(widgets.find((widget) => widget.id === 'new-messages')?.Component).toBe(NewMessagesCard);
  });

  it('says how many messages wait and lists the latest three conversations holding some', async () => {
    const asked = mockMessages(6, [
      conversation(5, 'The Build Show', 2),
      conversation(4, 'Quiet Show', 0),
      conversation(3, 'Grace Hopper', 1),
      conversation(2, 'Ada Lovelace', 2),
      conversation(1, 'Too Old Show', 1),
    ]);
    const { baseElement } = renderWithProviders(<NewMessagesCard />);
    expect(await screen.findByText('You have 6 new messages')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'New messages' });
    const list = await within(card).findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/messages/5',
      '/messages/3',
      '/messages/2',
    ]);
    expect(links[0]).toHaveAccessibleName(/^The Build Show\s*, 2 unread messages$/);
    expect(links[1]).toHaveAccessibleName(/^Grace Hopper\s*, 1 unread message$/);
    expect(within(list).getByText('Last words of The Build Show')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all messages' })).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(asked.sort()).toEqual(['all 7', 'unread 7']);
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('says when none wait, and still leads to the inbox', async () => {
    mockMessages(0, [conversation(4, 'Quiet Show', 0)]);
    renderWithProviders(<NewMessagesCard />);
    expect(await screen.findByText('You have no new messages')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('link', { name: 'View all messages' })).toHaveAttribute(
      'href',
      '/messages',
    );
  });

  it('reads one message in the singular', async () => {
    mockMessages(1, [conversation(3, 'Grace Hopper', 1)]);
    renderWithProviders(<NewMessagesCard />);
    expect(await screen.findByText('You have 1 new message')).toBeInTheDocument();
  });

  it('says when the figures could not be loaded', async () => {
    server.use(
      http.get('*/api/v1/users/:id/unread-messages', () =>
        HttpResponse.json({ message: 'Down' }, { status: 500 }),
      ),
      http.get('*/api/v1/users/:id/all-messages', () => HttpResponse.json({ data: [] })),
    );
    renderWithProviders(<NewMessagesCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The messages could not be loaded.');
  });
});
