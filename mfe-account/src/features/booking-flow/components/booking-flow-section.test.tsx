import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { BookingFlowPreferences } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ToastHost, useToastStore } from '@guestspot/shared-ui';
import { BookingFlowSection } from './booking-flow-section';

setupMswServer();

const GUEST_URL = '*/api/v1/guests/7/booking-flow-preferences';
const SHOW_URL = '*/api/v1/shows/3/booking-flow-preferences';

let saved: BookingFlowPreferences;
let sent: unknown[];

beforeEach(() => {
  setSession(makeUser());
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useToastStore.setState({ toasts: [] });
  saved = {
    pitch: true,
    'miniview-questions': false,
    questions: true,
    upsells: true,
    payment: true,
  };
  sent = [];
  server.use(
    http.get(GUEST_URL, () => HttpResponse.json({ data: saved })),
    http.put(GUEST_URL, async ({ request }) => {
      const body = (await request.json()) as { updatedPreferences: BookingFlowPreferences };
      sent.push(body);
      saved = { ...saved, ...body.updatedPreferences };
      return HttpResponse.json({ data: saved });
    }),
  );
});

function renderSection(kind: 'guest' | 'show' = 'guest', profileId = 7) {
  return renderWithProviders(
    <>
      <BookingFlowSection kind={kind} profileId={profileId} />
      <ToastHost />
    </>,
  );
}

const form = () => screen.getByRole('form', { name: 'Edit Booking steps' });
const checkboxNames = () =>
  within(form())
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('name'));

async function edit() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Booking steps' }));
}

describe('Booking flow', () => {
  it("lists a guest's five optional steps, on or off", async () => {
    const { container } = renderSection();
    const row = await screen.findByRole('group', { name: 'Booking steps' });
    const items = within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Pitch: On',
      'MINIVIEW questions: Off',
      'Booking questions: On',
      'Upsell packages: On',
      'Payment: On',
    ]);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('turns a step off and sends every step as updatedPreferences', async () => {
    const { container } = renderSection();
    await edit();
    expect(checkboxNames()).toEqual([
      'pitch',
      'miniview-questions',
      'questions',
      'upsells',
      'payment',
    ]);
    expect(screen.getByRole('checkbox', { name: /MINIVIEW questions/ })).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.click(screen.getByRole('checkbox', { name: /Booking questions/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /MINIVIEW questions/ }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        updatedPreferences: {
          pitch: true,
          'miniview-questions': true,
          questions: false,
          upsells: true,
          payment: true,
        },
      },
    ]);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Pitch: On',
      'MINIVIEW questions: On',
      'Booking questions: Off',
      'Upsell packages: On',
      'Payment: On',
    ]);
  });

  it('has no MINIVIEW questions step for a show', async () => {
    let body: unknown = null;
    server.use(
      http.get(SHOW_URL, () =>
        HttpResponse.json({
          data: { pitch: false, questions: true, upsells: true, payment: true },
        }),
      ),
      http.put(SHOW_URL, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          data: { pitch: true, questions: true, upsells: true, payment: true },
        });
      }),
    );
    renderSection('show', 3);
    await edit();
    expect(checkboxNames()).toEqual(['pitch', 'questions', 'upsells', 'payment']);
    await userEvent.click(screen.getByRole('checkbox', { name: /Pitch/ }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(body).toEqual({
      updatedPreferences: { pitch: true, questions: true, upsells: true, payment: true },
    });
  });

  it('disables Save while saving; a failure keeps the form and shows the toast', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put(GUEST_URL, async () => {
        await gate;
        return HttpResponse.json({ message: 'Server Error' }, { status: 500 });
      }),
    );
    renderSection();
    await edit();
    await userEvent.click(screen.getByRole('checkbox', { name: /Payment/ }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form()).getByRole('button', { name: /Save/ })).toBeDisabled(),
    );
    await act(async () => release());
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(within(form()).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: /Payment/ })).not.toBeChecked();
  });

  it('shows an error with Retry when the steps cannot be loaded', async () => {
    server.use(http.get(GUEST_URL, () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    renderSection();
    expect(await screen.findByText('Your booking steps could not be loaded.')).toBeInTheDocument();
    server.use(http.get(GUEST_URL, () => HttpResponse.json({ data: saved })));
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('button', { name: 'Edit Booking steps' })).toBeInTheDocument();
  });
});
