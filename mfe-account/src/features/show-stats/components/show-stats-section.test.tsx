import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { ShowProfileStat } from '@guestspot/shared-api';
import {
  makeShow,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, useToastStore } from '@guestspot/shared-ui';
import { ShowStatsSection } from './show-stats-section';

setupMswServer();

let stats: ShowProfileStat[];
let sent: unknown[];

beforeEach(() => {
  setSession(makeUser());
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useToastStore.setState({ toasts: [] });
  stats = [
    {
      id: 11,
      slot: 1,
      label: 'Downloads',
      value: '12.4k',
      verification_status: 'pending',
      verification_requested_at: '2026-01-01T00:00:00.000Z',
    },
  ];
  sent = [];
  server.use(
    http.get('*/api/v1/shows/9', () =>
      HttpResponse.json({
        data: { ...makeShow({ id: 9 }), rephonic_id: null, profile_stats: stats },
      }),
    ),
    http.post('*/api/v1/shows/9/profile-stats', async ({ request }) => {
      const body = (await request.json()) as ShowProfileStat & { request_verification: boolean };
      sent.push(body);
      const stat: ShowProfileStat = {
        id: 12,
        slot: body.slot,
        label: body.label,
        value: body.value,
        verification_status: body.request_verification ? 'pending' : null,
        verification_requested_at: null,
      };
      stats = [...stats.filter((entry) => entry.slot !== body.slot), stat];
      return HttpResponse.json({ data: stat }, { status: 201 });
    }),
    http.patch('*/api/v1/shows/9/profile-stats/11/cancel-verification-request', () => {
      stats = stats.map((entry) =>
        entry.id === 11 ? { ...entry, verification_status: 'cancelled' as const } : entry,
      );
      return HttpResponse.json({ data: stats[0] });
    }),
  );
});

function renderSection() {
  return renderWithProviders(
    <>
      <ShowStatsSection profileId={9} />
      <ToastHost />
      <ConfirmHost />
    </>,
    { route: '/details/show' },
  );
}

describe('Show platform stats', () => {
  it('shows the three slots, a pending request, and the Rephonic id', async () => {
    const { container } = renderSection();
    expect(screen.getByText('Loading your platform stats')).toBeInTheDocument();
    expect(
      await screen.findByText('Downloads: 12.4k (Verification requested)'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Not set')).toHaveLength(3);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows an error with Retry when the stats cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/shows/9', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    );
    renderSection();
    expect(await screen.findByText('Your platform stats could not be loaded.')).toBeInTheDocument();
    server.use(
      http.get('*/api/v1/shows/9', () =>
        HttpResponse.json({
          data: { ...makeShow({ id: 9 }), rephonic_id: 'founder-files', profile_stats: stats },
        }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(
      await screen.findByText('Downloads: 12.4k (Verification requested)'),
    ).toBeInTheDocument();
    expect(screen.getByText('founder-files')).toBeInTheDocument();
  });

  it('fills a slot and asks for verification', async () => {
    const { container } = renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Stat 2' }));
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.type(screen.getByRole('textbox', { name: /Label/ }), 'Countries');
    await userEvent.type(screen.getByRole('textbox', { name: /Value/ }), '40');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Request verification' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { slot: 2, label: 'Countries', value: '40', request_verification: true },
      ]),
    );
    expect(await screen.findByText('Countries: 40 (Verification requested)')).toBeInTheDocument();
  });

  it('cancels a pending request after confirming', async () => {
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel verification request for Stat 1' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    expect(
      await screen.findByText('Downloads: 12.4k (Verification request cancelled)'),
    ).toBeInTheDocument();
  });
});
