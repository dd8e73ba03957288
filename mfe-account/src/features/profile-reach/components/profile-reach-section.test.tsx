import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { ProfileReach } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, useToastStore } from '@guestspot/shared-ui';
import { ProfileReachSection } from './profile-reach-section';

setupMswServer();

const URL = '*/api/v1/guests/7/profile-reach';
let saved: ProfileReach[];
let sent: unknown[];

beforeEach(() => {
  setSession(makeUser());
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useToastStore.setState({ toasts: [] });
  saved = [{ platform: 'linkedin', count: 48_200 }];
  sent = [];
  server.use(
    http.get(URL, () => HttpResponse.json({ data: saved })),
    http.post(URL, async ({ request }) => {
      const body = (await request.json()) as ProfileReach;
      sent.push(body);
      if (body.count > 1e9) {
        return HttpResponse.json(
          {
            message: 'Too many',
            errors: { count: ['The count field must not be greater than 2147483647.'] },
          },
          { status: 422 },
        );
      }
      saved = [...saved.filter((entry) => entry.platform !== body.platform), body];
      return HttpResponse.json({ data: body }, { status: 201 });
    }),
    http.delete(`${URL}/:platform`, ({ params }) => {
      saved = saved.filter((entry) => entry.platform !== params.platform);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

function renderSection() {
  return renderWithProviders(
    <>
      <ProfileReachSection profileId={7} />
      <ToastHost />
      <ConfirmHost />
    </>,
    { route: '/details/guest' },
  );
}

describe('Profile reach', () => {
  it('lists each platform with its abbreviated count', async () => {
    const { container } = renderSection();
    expect(screen.getByText('Loading your reach')).toBeInTheDocument();
    expect(await screen.findByText('48.2k followers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit LinkedIn' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says so when the guest has no platforms yet', async () => {
    saved = [];
    renderSection();
    expect(await screen.findByText('No platforms yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a platform' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the reach cannot be loaded', async () => {
    server.use(http.get(URL, () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    renderSection();
    expect(await screen.findByText('Your reach could not be loaded.')).toBeInTheDocument();
    server.use(http.get(URL, () => HttpResponse.json({ data: saved })));
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('48.2k followers')).toBeInTheDocument();
  });

  it('adds a platform with its count', async () => {
    const { container } = renderSection();
    const add = await screen.findByRole('button', { name: 'Add a platform' });
    await userEvent.click(add);
    const form = screen.getByRole('form', { name: 'Add a platform' });
    expect(within(form).getByRole('combobox', { name: /Platform/ })).toHaveFocus();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.selectOptions(screen.getByLabelText(/Platform/), 'youtube');
    await userEvent.type(screen.getByRole('textbox', { name: /Followers/ }), '1500000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ platform: 'youtube', count: 1_500_000 }]));
    expect(await screen.findByText('1.5M followers')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a platform' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add a platform' })).toHaveFocus(),
    );
  });

  it('closes the add form on Cancel without sending anything', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a platform' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Add a platform' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows the server’s 422 on the count field', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit LinkedIn' }));
    const field = screen.getByRole('textbox', { name: /Followers/ });
    await userEvent.clear(field);
    await userEvent.type(field, '3000000000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The count field must not be greater than 2147483647.'),
    ).toBeInTheDocument();
  });

  it('removes a platform after confirming', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove LinkedIn' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('48.2k followers')).not.toBeInTheDocument());
  });
});
