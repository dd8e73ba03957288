// Test helpers of the inbox: its calls answered by MSW, the page at its real routes.
import { isValidElement } from 'react';
import { configure } from '@testing-library/react';
import { Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { BookingMessage, Conversation } from '@guestspot/shared-api';
import { renderWithProviders, server } from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost } from '@guestspot/shared-ui';
import { routes } from '../../../routes';

// The page makes several calls before it settles; on a busy 2-core machine that can take longer
// than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

type Answer = { status: number; body: JsonBodyType };

export interface InboxCalls {
  /** each GET /users/{id}/all-messages, by user id */
  conversations: string[];
  /** each GET /bookings/{id}/messages, by booking id */
  messages: string[];
  /** each PATCH /bookings/{id}/messages/read, by booking id */
  reads: string[];
  /** each POST /bookings/{id}/messages: the booking id and the body */
  sent: { id: string; body: unknown }[];
  /** each PUT /bookings/{id}/messages/{messageId}: the message id and the body */
  updates: { id: string; body: unknown }[];
}

/** Answers the inbox's calls: the list, each booking's conversation (by id), the writes. */
export function mockInboxApi({
  conversations = [],
  messages = {},
  conversationsFailure,
  messagesFailure,
}: {
  conversations?: Conversation[];
  messages?: Record<number, BookingMessage[]>;
  conversationsFailure?: Answer;
  messagesFailure?: Answer;
}): InboxCalls {
  const calls: InboxCalls = { conversations: [], messages: [], reads: [], sent: [], updates: [] };
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/users/:id/all-messages', ({ params }) => {
      calls.conversations.push(String(params.id));
      if (conversationsFailure) {
        return HttpResponse.json(conversationsFailure.body, {
          status: conversationsFailure.status,
        });
      }
      return HttpResponse.json({ data: conversations });
    }),
    http.get('*/api/v1/bookings/:id/messages', ({ params }) => {
      calls.messages.push(String(params.id));
      if (messagesFailure) {
        return HttpResponse.json(messagesFailure.body, { status: messagesFailure.status });
      }
      return HttpResponse.json({ data: messages[Number(params.id)] ?? [] });
    }),
    http.patch('*/api/v1/bookings/:id/messages/read', ({ params }) => {
      calls.reads.push(String(params.id));
      return HttpResponse.json({ data: { read: 2 } });
    }),
    http.post('*/api/v1/bookings/:id/messages', async ({ params, request }) => {
      const body = (await request.json()) as { body: string };
      calls.sent.push({ id: String(params.id), body });
      const sent: BookingMessage = {
        id: 99,
        booking_id: Number(params.id),
        body: body.body,
        created_at: new Date().toISOString(),
        edited_at: null,
        read_at: null,
        contains_schedule_link: false,
        is_mine: true,
        sender: {
          user_id: 1,
          name: 'Grace Hopper',
          imageUrl: null,
          side: 'guest',
          written_by: null,
        },
      };
      return HttpResponse.json({ data: sent }, { status: 201 });
    }),
    http.put('*/api/v1/bookings/:id/messages/:messageId', async ({ params, request }) => {
      calls.updates.push({ id: String(params.messageId), body: await request.json() });
      return HttpResponse.json({ data: null });
    }),
  );
  return calls;
}

const inboxRoutes = routes.filter((entry) => entry.path === '/messages');

/** Loads the inbox's chunk before the tests (its lazyPage elements). Call in beforeAll. */
export async function loadInbox(): Promise<void> {
  const all = (entries: RouteObject[]): RouteObject[] =>
    entries.flatMap((entry) => [entry, ...all(entry.children ?? [])]);
  await Promise.all(
    all(inboxRoutes).map((entry) => {
      const type: unknown = isValidElement(entry.element) ? entry.element.type : null;
      const preload = (type as { preload?: () => Promise<unknown> } | null)?.preload;
      return preload?.();
    }),
  );
}

/** Where a link from the inbox led: the booking page stands in as its path and hash. */
function Landed() {
  const { pathname, hash } = useLocation();
  return (
    <h1>
      Landed on {pathname}
      {hash}
    </h1>
  );
}

/** The inbox at `route` through mfe-booking's own route table, with the toasts and confirms. */
export function renderInbox(route = '/messages') {
  return renderWithProviders(<></>, {
    path: '/__unused',
    route,
    routes: [
      {
        element: (
          <>
            <Outlet />
            <ToastHost />
            <ConfirmHost />
          </>
        ),
        children: [
          ...inboxRoutes,
          { path: '/bookings', element: <Landed /> },
          { path: '/bookings/:bookingId', element: <Landed /> },
        ],
      },
    ],
  });
}

/** Makes the screen a phone's (≤ 640 px) for useMediaQuery; returns the undo. */
export function asPhone(): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({
    matches: query.includes('max-width: 639.98px'),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
  return () => {
    window.matchMedia = original;
  };
}
