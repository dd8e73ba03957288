import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import type { SmartlistGroup, SmartlistItem } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useProFeatureDialogStore, useToastStore } from '@guestspot/shared-ui';
import { WishlistPage } from './wishlist-page';

setupMswServer();

function makeItem(overrides: Partial<SmartlistItem> = {}): SmartlistItem {
  return {
    id: 1,
    type: 'guest',
    name: 'Grace Hopper',
    domain: null,
    emails: [],
    phone: null,
    notes: [],
    group: null,
    profile: null,
    ...overrides,
  };
}

function serve(items: SmartlistItem[], groups: SmartlistGroup[] = []) {
  server.use(
    http.get('*/api/v1/users/1/smartlist', () => HttpResponse.json({ data: items })),
    http.get('*/api/v1/users/1/smartlist-groups', () => HttpResponse.json({ data: groups })),
  );
}

beforeEach(() => {
  setSession(makeUser({ id: 1, account_type: 'standard' }));
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
  useToastStore.setState({ toasts: [] });
  useProFeatureDialogStore.setState({ open: false, message: undefined });
});

const renderPage = (route = '/wishlist') =>
  renderWithProviders(<WishlistPage />, { route, path: '/wishlist' });

describe('WishlistPage', () => {
  it("opens the guest wishlist by default and the show wishlist for ?tab=show, with the spec's empty text", async () => {
    serve([makeItem(), makeItem({ id: 2, type: 'show', name: 'Growth Talk' })]);
    const { container } = renderPage();
    expect(await screen.findByRole('button', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Guest wishlist' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Growth Talk' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Show wishlist' }));
    expect(await screen.findByRole('button', { name: 'Growth Talk' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('reads the tab from the URL and moves between tabs with the arrow keys', async () => {
    serve([]);
    renderPage('/wishlist?tab=show');
    const showTab = await screen.findByRole('tab', { name: 'Show wishlist' });
    expect(showTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText("You don't have favorites yet")).toBeInTheDocument();
    showTab.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Guest wishlist' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'Guest wishlist' })).toHaveFocus();
  });

  it('moves an item to a group with the keyboard (Move to), and back when the server refuses', async () => {
    const group: SmartlistGroup = { id: 9, name: 'Founders', type: 'guest', items: [] };
    serve([makeItem()], [group]);
    const bodies: unknown[] = [];
    let fail = false;
    server.use(
      http.put('*/api/v1/users/1/smartlist/1', async ({ request }) => {
        const body = (await request.json()) as { group_id: number | null };
        bodies.push(body);
        if (fail) return HttpResponse.json({ message: 'Nope.' }, { status: 500 });
        return HttpResponse.json({ data: makeItem({ group: body.group_id }) });
      }),
    );
    renderPage();
    const founders = await screen.findByRole('region', { name: /Founders/ });
    const move = screen.getByRole('combobox', { name: 'Move Grace Hopper to' });
    await userEvent.selectOptions(move, 'Founders');
    await waitFor(() =>
      expect(within(founders).getByRole('button', { name: 'Grace Hopper' })).toBeInTheDocument(),
    );
    expect(bodies).toEqual([{ group_id: 9 }]);

    fail = true;
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Move Grace Hopper to' }),
      'Ungrouped',
    );
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.message).toBe('Nope.'));
    expect(within(founders).getByRole('button', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('moves an item when it is dropped on a group', async () => {
    const group: SmartlistGroup = { id: 9, name: 'Founders', type: 'guest', items: [] };
    serve([makeItem()], [group]);
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/v1/users/1/smartlist/1', async ({ request }) => {
        const body = (await request.json()) as { group_id: number | null };
        bodies.push(body);
        return HttpResponse.json({ data: makeItem({ group: body.group_id }) });
      }),
    );
    renderPage();
    const founders = await screen.findByRole('region', { name: /Founders/ });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const item = screen.getByRole('listitem');
    fireEvent.dragStart(item, { dataTransfer });
    fireEvent.dragOver(founders, { dataTransfer });
    fireEvent.drop(founders, { dataTransfer });
    await waitFor(() => expect(bodies).toEqual([{ group_id: 9 }]));
    expect(within(founders).getByRole('button', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('stops a standard user at 10 people with the limit message and the Pro prompt', async () => {
    serve(Array.from({ length: 10 }, (_, index) => makeItem({ id: index + 1, name: `P${index}` })));
    renderPage();
    expect(await screen.findByText('10 of 10 people')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      /^You reached the limit of 10 people Upgrade to Pro$/,
    );
    expect(useProFeatureDialogStore.getState().open).toBe(true);
    expect(useProFeatureDialogStore.getState().message).toBe('You reached the limit of 10 people');
    expect(screen.queryByRole('dialog', { name: 'Add a guest' })).not.toBeInTheDocument();
  });

  it('lets a Pro user add past 10', async () => {
    setSession(makeUser({ id: 1, account_type: 'pro' }));
    serve(Array.from({ length: 10 }, (_, index) => makeItem({ id: index + 1, name: `P${index}` })));
    renderPage();
    await screen.findByRole('button', { name: 'P0' });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('dialog', { name: 'Add a guest' })).toBeInTheDocument();
    expect(useProFeatureDialogStore.getState().open).toBe(false);
  });

  it('shows the upgrade prompt when the server refuses the 11th (426)', async () => {
    serve([makeItem()]);
    server.use(
      http.post('*/api/v1/users/1/smartlist', () =>
        HttpResponse.json({ message: 'You reached the limit of 10 people' }, { status: 426 }),
      ),
    );
    renderPage();
    await screen.findByRole('button', { name: 'Grace Hopper' });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a guest' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Linus');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(useProFeatureDialogStore.getState().open).toBe(true));
    expect(screen.getByText(/You reached the limit of 10 people/)).toBeInTheDocument();
  });

  it('validates the Add form and sends the item', async () => {
    serve([]);
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/v1/users/1/smartlist', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ data: makeItem({ id: 5, name: 'Linus' }) }, { status: 201 });
      }),
    );
    renderPage();
    await screen.findByText("You don't have favorites yet");
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a guest' });
    await userEvent.type(within(dialog).getByLabelText(/Emails/), 'ok@example.com, nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Linus');
    await userEvent.clear(within(dialog).getByLabelText(/Emails/));
    await userEvent.type(within(dialog).getByLabelText(/Emails/), 'linus@kernel.org');
    await userEvent.type(within(dialog).getByLabelText(/Domain/), 'kernel.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          type: 'guest',
          name: 'Linus',
          domain: 'kernel.org',
          emails: ['linus@kernel.org'],
          phone: null,
          notes: [],
        },
      ]),
    );
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/v1/users/1/smartlist', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: [makeItem()] });
      }),
      http.get('*/api/v1/users/1/smartlist-groups', () => HttpResponse.json({ data: [] })),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('button', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('opens an item, adds a note (disabled while empty) and gets contact info (needs a domain)', async () => {
    const item = makeItem({ domain: 'hopper.dev', notes: [] });
    serve([item, makeItem({ id: 2, name: 'No Domain' })]);
    const puts: unknown[] = [];
    server.use(
      http.put('*/api/v1/users/1/smartlist/1', async ({ request }) => {
        const body = (await request.json()) as { notes?: string; emails?: string[] };
        puts.push(body);
        return HttpResponse.json({
          data: {
            ...item,
            emails: body.emails ?? [],
            notes: body.notes ? [{ text: body.notes, created_at: '2026-01-02T10:00:00Z' }] : [],
          },
        });
      }),
      http.get('*/api/v1/email-addresses/hopper.dev', () =>
        HttpResponse.json({ data: ['hello@hopper.dev', 'press@hopper.dev'] }),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    const addNote = within(dialog).getByRole('button', { name: 'Add note' });
    expect(addNote).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('New note'), 'Call next week');
    await userEvent.click(addNote);
    expect(await within(dialog).findByText('Call next week')).toBeInTheDocument();
    expect(puts[0]).toEqual({ notes: 'Call next week' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Get contact info' }));
    expect(await within(dialog).findByText('Found 2 email addresses.')).toBeInTheDocument();
    expect(puts[1]).toEqual({ emails: ['hello@hopper.dev', 'press@hopper.dev'] });
    expect(within(dialog).getByLabelText(/Emails/)).toHaveValue(
      'hello@hopper.dev, press@hopper.dev',
    );

    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: 'No Domain' }));
    const other = await screen.findByRole('dialog', { name: 'No Domain' });
    expect(within(other).getByRole('button', { name: 'Get contact info' })).toBeDisabled();
  });

  it("toasts 'Something went wrong.' when the email lookup fails", async () => {
    serve([makeItem({ domain: 'hopper.dev' })]);
    server.use(
      http.get('*/api/v1/email-addresses/hopper.dev', () =>
        HttpResponse.json({ message: 'The lookup provider is down.' }, { status: 502 }),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get contact info' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]?.message).toBe('Something went wrong.'),
    );
  });
});
