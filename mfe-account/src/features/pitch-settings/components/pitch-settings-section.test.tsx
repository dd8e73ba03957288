import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { PitchSettingsDetail } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ToastHost, useToastStore } from '@guestspot/shared-ui';
import { PitchSettingsSection } from './pitch-settings-section';

setupMswServer();

const MAX_MESSAGE = 'Price cannot be more than your highest booking option ($400)';
const URL = '*/api/v1/guests/7/pitch-settings';

let saved: PitchSettingsDetail;
let sent: unknown[];

beforeEach(() => {
  setSession(makeUser());
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useToastStore.setState({ toasts: [] });
  saved = { is_enabled: true, price: 5000, highest_price: 40000 };
  sent = [];
  server.use(
    http.get(URL, () => HttpResponse.json({ data: saved })),
    http.put(URL, async ({ request }) => {
      const body = (await request.json()) as Partial<PitchSettingsDetail>;
      sent.push(body);
      saved = { ...saved, ...body };
      return HttpResponse.json({ data: saved });
    }),
  );
});

function renderSection(kind: 'guest' | 'show' = 'guest', profileId = 7) {
  return renderWithProviders(
    <>
      <PitchSettingsSection kind={kind} profileId={profileId} />
      <ToastHost />
    </>,
    { route: '/details/guest' },
  );
}

const row = () => screen.getByRole('group', { name: 'Pitch' });
const form = () => screen.getByRole('form', { name: 'Edit Pitch' });
const priceField = () => screen.getByRole('textbox', { name: /Pitch price/ });

async function edit() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Pitch' }));
}

describe('Pitch settings', () => {
  it('shows the saved switch and price in dollars', async () => {
    const { container } = renderSection();
    expect(screen.getByRole('heading', { name: 'Pitch settings' })).toBeInTheDocument();
    expect(await screen.findByText('$50.00')).toBeInTheDocument();
    expect(row()).toHaveTextContent('Pitch buttonOn');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says Not set for a profile without a pitch price of its own', async () => {
    saved = { is_enabled: false, price: null, highest_price: 40000 };
    renderSection();
    expect(await screen.findByText('Not set')).toBeInTheDocument();
    expect(row()).toHaveTextContent('Pitch buttonOff');
    await edit();
    expect(priceField()).toHaveValue('');
    expect(priceField()).toHaveAccessibleDescription(
      "Up to $400, your highest booking option. Leave empty to use your pitch option's price.",
    );
  });

  it('allows no price above $0 while the profile has no booking options', async () => {
    saved = { is_enabled: false, price: null, highest_price: null };
    renderSection();
    await edit();
    expect(priceField()).toHaveAccessibleDescription(
      'Add a booking option first: a pitch cannot cost more than your highest booking option.',
    );
    await userEvent.type(priceField(), '1');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Price cannot be more than your highest booking option ($0)'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses a price above the highest booking option before sending it', async () => {
    const { container } = renderSection();
    await edit();
    expect(priceField()).toHaveValue('50');
    expect(screen.getByRole('checkbox', { name: /Show a Pitch button/ })).toBeChecked();
    await userEvent.clear(priceField());
    await userEvent.type(priceField(), '400.01');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MAX_MESSAGE)).toBeInTheDocument();
    expect(priceField()).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.clear(priceField());
    await userEvent.type(priceField(), 'ten');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The price field must be a number.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the price in cents and shows the saved settings', async () => {
    renderSection();
    await edit();
    await userEvent.click(screen.getByRole('checkbox', { name: /Show a Pitch button/ }));
    await userEvent.clear(priceField());
    await userEvent.type(priceField(), '45.5');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(sent).toEqual([{ is_enabled: false, price: 4550 }]);
    expect(row()).toHaveTextContent('$45.50');
    expect(row()).toHaveTextContent('Pitch buttonOff');
  });

  it('clears the price when the field is emptied', async () => {
    renderSection();
    await edit();
    await userEvent.clear(priceField());
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(sent).toEqual([{ is_enabled: true, price: null }]);
    expect(row()).toHaveTextContent('Not set');
  });

  it("shows the server's 422 on the price field, and the toast", async () => {
    // The highest option went down since the page loaded: only the server knows.
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          { message: MAX_MESSAGE, errors: { price: [MAX_MESSAGE] } },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    await edit();
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(priceField()).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getAllByText(MAX_MESSAGE)).not.toHaveLength(0);
  });

  it('disables Save and Cancel while saving', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put(URL, async () => {
        await gate;
        return HttpResponse.json({ data: saved });
      }),
    );
    renderSection();
    await edit();
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form()).getByRole('button', { name: /Save/ })).toBeDisabled(),
    );
    expect(within(form()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => release());
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });

  it("reads a show's settings under /shows", async () => {
    server.use(
      http.get('*/api/v1/shows/3/pitch-settings', () =>
        HttpResponse.json({ data: { is_enabled: true, price: 12000, highest_price: 90000 } }),
      ),
    );
    renderSection('show', 3);
    expect(await screen.findByText('$120.00')).toBeInTheDocument();
  });

  it('shows an error with Retry when the settings cannot be loaded', async () => {
    server.use(http.get(URL, () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    renderSection();
    expect(await screen.findByText('Your pitch settings could not be loaded.')).toBeInTheDocument();
    server.use(http.get(URL, () => HttpResponse.json({ data: saved })));
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('$50.00')).toBeInTheDocument();
  });
});
