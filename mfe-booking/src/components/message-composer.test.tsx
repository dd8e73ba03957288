import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost } from '@guestspot/shared-ui';
import { draftKey } from '../lib/messages';
import { MessageComposer } from './message-composer';

// The composer alone, in each of its states; the booking page's and the inbox's tests drive it
// where it is used (booking-chat.test.tsx, messages-page.test.tsx).

// A whole page checked with axe takes seconds on a busy 2-core machine running every suite.
jest.setTimeout(20_000);
setupMswServer();
beforeEach(() => {
  setSession(makeUser());
  window.localStorage.clear();
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

function renderComposer(props: Partial<Parameters<typeof MessageComposer>[0]> = {}) {
  return renderWithProviders(
    <>
      <MessageComposer bookingId={12} {...props} />
      <ToastHost />
      <ConfirmHost />
    </>,
  );
}

const field = () => screen.getByRole('textbox', { name: 'Message' });
const form = () => screen.getByRole('form', { name: 'Send a message' });

describe('the message composer', () => {
  it('idle: an empty field with its counter, and Send', async () => {
    const { baseElement } = renderComposer();
    expect(field()).toHaveValue('');
    expect(field()).toHaveAttribute('maxlength', '300');
    expect(field()).toHaveAccessibleDescription('0/300');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(form()).toHaveAttribute('data-state', 'idle');
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('near the limit: the counter warns', async () => {
    window.localStorage.setItem(draftKey(12), 'x'.repeat(285));
    const { baseElement } = renderComposer();
    expect(screen.getByText('285/300')).toHaveAttribute('data-state', 'near-limit');
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('failed: the field is tinted, says why and keeps the text', async () => {
    const user = userEvent.setup();
    server.use(
      http.post('*/api/v1/bookings/:id/messages', () =>
        HttpResponse.json({ message: 'The booking status is canceled.' }, { status: 409 }),
      ),
    );
    const { baseElement } = renderComposer();
    await user.type(field(), 'Still there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(form()).toHaveAttribute('data-state', 'failed'));
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription('12/300 The booking status is canceled.');
    expect(field()).toHaveValue('Still there?');
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('closed: disabled, saying why', async () => {
    const { baseElement } = renderComposer({ closedReason: 'This booking expired.' });
    expect(field()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(field()).toHaveAccessibleDescription('This booking expired. 0/300');
    expect(form()).toHaveAttribute('data-state', 'closed');
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('sends with Ctrl+Enter; Enter alone is a new line', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v1/bookings/:id/messages', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { id: 1 } }, { status: 201 });
      }),
    );
    renderComposer();
    await user.type(field(), 'Line one{Enter}line two');
    expect(field()).toHaveValue('Line one\nline two');
    expect(sent).toEqual([]);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(sent).toEqual([{ body: 'Line one\nline two' }]));
    await waitFor(() => expect(field()).toHaveValue(''));
  });

  it('keeps one draft per booking', async () => {
    window.localStorage.setItem(draftKey(12), 'For twelve');
    window.localStorage.setItem(draftKey(13), 'For thirteen');
    const { unmount } = renderComposer();
    expect(field()).toHaveValue('For twelve');
    unmount();
    renderComposer({ bookingId: 13 });
    expect(field()).toHaveValue('For thirteen');
  });
});
