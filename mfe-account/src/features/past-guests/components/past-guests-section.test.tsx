import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { GuestProfile } from '@guestspot/shared-api';
import { renderWithProviders, server, setupMswServer } from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, useToastStore } from '@guestspot/shared-ui';
import { PastGuestsSection } from './past-guests-section';

setupMswServer();

const URL = '*/api/v1/shows/5/past-guests';

function guest(id: number, name: string): GuestProfile {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    id,
    user_id: id + 100,
    slug,
    name,
    title: null,
    bio: null,
    imageUrl: null,
    thumbUrl: null,
    smallThumbUrl: null,
    avg_rating: null,
    type: 'guest',
    is_favourited: false,
    remove_branding: false,
    pronunciation: null,
    tags: [],
    categories: [],
    option_prices: [],
    lowest_price: null,
    pitch_settings: { is_enabled: false, price: null },
    color: '#336699',
    featured: false,
    premium: false,
    talent: false,
  };
}

const priya = guest(1, 'Priya Patel');
const maya = guest(2, 'Maya Brooks');
const mayra = guest(3, 'Mayra Lopez');

let listed: GuestProfile[];
let searches: URLSearchParams[];
let removed: string[];

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useToastStore.setState({ toasts: [] });
  listed = [priya];
  searches = [];
  removed = [];
  server.use(
    http.get(URL, () => HttpResponse.json({ data: listed })),
    http.post(URL, async ({ request }) => {
      const { guest_profile_id: id } = (await request.json()) as { guest_profile_id: number };
      const found = [maya, mayra].find((item) => item.id === id);
      if (!found) {
        const message = 'The selected guest profile id is invalid.';
        return HttpResponse.json(
          { message, errors: { guest_profile_id: [message] } },
          { status: 422 },
        );
      }
      listed = [...listed, found];
      return HttpResponse.json({ data: listed }, { status: 201 });
    }),
    http.delete(URL, ({ request }) => {
      const id = new globalThis.URL(request.url).searchParams.get('guest_profile_id') ?? '';
      removed.push(id);
      listed = listed.filter((item) => String(item.id) !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/guests', ({ request }) => {
      const params = new globalThis.URL(request.url).searchParams;
      searches.push(params);
      const name = (params.get('filter[guest_profiles.name]') ?? '').toLowerCase();
      const data = [priya, maya, mayra].filter((item) => item.name.toLowerCase().includes(name));
      return HttpResponse.json({ data, meta: { pagination: { total: data.length } } });
    }),
  );
});

function renderSection() {
  return renderWithProviders(
    <>
      <PastGuestsSection showId={5} />
      <ConfirmHost />
      <ToastHost />
    </>,
    { route: '/details/show/5' },
  );
}

const list = () => screen.getByRole('list', { name: 'Your past guests' });

async function searchFor(text: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Add past guest' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search guests by name' }), text);
  return screen.findByRole('list', { name: 'Matching guests' });
}

describe('Past guests', () => {
  it('lists the show’s past guests, each linking to the guest’s page', async () => {
    const { container } = renderSection();
    expect(screen.getByRole('heading', { name: 'Past guests' })).toBeInTheDocument();
    expect(screen.getByText('Loading your past guests')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Priya Patel' });
    expect(link).toHaveAttribute('href', '/guests/priya-patel');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says so when the show has none', async () => {
    listed = [];
    renderSection();
    expect(await screen.findByRole('heading', { name: 'No past guests yet' })).toBeInTheDocument();
  });

  it('shows the failure with Retry, and the list once Retry works', async () => {
    let fail = true;
    server.use(
      http.get(URL, () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: listed }),
      ),
    );
    renderSection();
    expect(
      await screen.findByText('Your past guests could not be loaded.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('link', { name: 'Priya Patel' })).toBeInTheDocument();
  });

  it('searches guests by name and adds one, which then shows as listed', async () => {
    const { container } = renderSection();
    const matches = await searchFor('May');
    expect(searches.at(-1)?.get('filter[guest_profiles.name]')).toBe('May');
    expect(within(matches).getByRole('button', { name: 'Add Maya Brooks' })).toBeEnabled();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(within(matches).getByRole('button', { name: 'Add Maya Brooks' }));
    expect(await screen.findByText('Past guest added.')).toBeInTheDocument();
    expect(within(list()).getByRole('link', { name: 'Maya Brooks' })).toBeInTheDocument();
    expect(within(matches).getByText('Listed')).toBeInTheDocument();
    expect(within(matches).getByRole('button', { name: 'Add Mayra Lopez' })).toBeEnabled();
  });

  it('keeps everything disabled while an add is saving', async () => {
    let finish: () => void = () => undefined;
    server.use(
      http.post(URL, async () => {
        await new Promise<void>((resolve) => (finish = resolve));
        listed = [...listed, maya];
        return HttpResponse.json({ data: listed }, { status: 201 });
      }),
    );
    renderSection();
    const matches = await searchFor('May');
    await userEvent.click(within(matches).getByRole('button', { name: 'Add Maya Brooks' }));
    await waitFor(() =>
      expect(within(matches).getByRole('button', { name: /Add Mayra Lopez/ })).toBeDisabled(),
    );
    expect(within(list()).getByRole('button', { name: /Remove Priya Patel/ })).toBeDisabled();
    finish();
    expect(await screen.findByText('Past guest added.')).toBeInTheDocument();
    expect(within(matches).getByRole('button', { name: 'Add Mayra Lopez' })).toBeEnabled();
  });

  it('shows the server’s message when it refuses a guest', async () => {
    server.use(
      http.post(URL, () => {
        const message = 'The selected guest profile id is invalid.';
        return HttpResponse.json(
          { message, errors: { guest_profile_id: [message] } },
          { status: 422 },
        );
      }),
    );
    renderSection();
    const matches = await searchFor('Maya');
    await userEvent.click(within(matches).getByRole('button', { name: 'Add Maya Brooks' }));
    expect(
      await screen.findByText('The selected guest profile id is invalid.'),
    ).toBeInTheDocument();
    expect(within(list()).queryByText('Maya Brooks')).not.toBeInTheDocument();
  });

  it('removes a past guest after confirmation, and not when cancelled', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Priya Patel' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove past guest?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toEqual([]);
    expect(screen.getByRole('link', { name: 'Priya Patel' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Priya Patel' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove past guest?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Past guest removed.')).toBeInTheDocument();
    expect(removed).toEqual(['1']);
    expect(screen.queryByRole('link', { name: 'Priya Patel' })).not.toBeInTheDocument();
  });

  it('toasts the generic failure when a remove fails', async () => {
    server.use(http.delete(URL, () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Priya Patel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove past guest?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Priya Patel' })).toBeInTheDocument();
  });
});
