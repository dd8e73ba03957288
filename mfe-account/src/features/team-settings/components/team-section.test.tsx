import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { TeamInvitation, TeamMember, User } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, toast } from '@guestspot/shared-ui';
import { settingsAccess } from '../../../components/settings';
import { TeamSection } from './team-section';

setupMswServer();

const MEMBERS = '*/api/v1/users/me/team/members';
const INVITATIONS = '*/api/v1/users/me/team/invitations';

function member(overrides: Partial<TeamMember> & { id: number; email: string }): TeamMember {
  return {
    first_name: 'Jordan',
    last_name: 'Blake',
    pivot: { role: 'agency', email_notifications: 1, sms_notifications: 0 },
    ...overrides,
  };
}
const jordan = member({ id: 5, email: 'agency@guestspot.test' });
const sam = member({
  id: 6,
  email: 'sam@guestspot.test',
  pivot: { role: 'admin', email_notifications: 0, sms_notifications: 1 },
});
const invitation: TeamInvitation = {
  id: 9,
  email: 'assistant@guestspot.test',
  role: 'admin',
  created_at: '2026-01-02T00:00:00Z',
};

const owner = makeUser({ account_type: 'pro', has_team: true });

function renderSection(user: User = owner) {
  setSession(user);
  return renderWithProviders(
    <>
      <TeamSection user={user} access={settingsAccess(user)} />
      <ConfirmHost />
      <ToastHost />
    </>,
  );
}

/** The table row of a member (its accessible name starts with the email). */
function findMemberRow(email: string) {
  return screen.findByRole('row', { name: (name) => name.startsWith(email) });
}

function lists(members: TeamMember[], invitations: TeamInvitation[] = []) {
  server.use(
    http.get(MEMBERS, () => HttpResponse.json({ data: members })),
    http.get(INVITATIONS, () => HttpResponse.json({ data: invitations })),
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  toast.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('Team members', () => {
  it('lists members (email, role label, notification toggles) and pending invitations', async () => {
    lists([jordan, sam], [invitation]);
    const { container } = renderSection();
    const row = within(await findMemberRow(jordan.email));
    expect(row.getByText('Agency')).toBeInTheDocument();
    expect(
      row.getByRole('checkbox', { name: `Email notifications for ${jordan.email}` }),
    ).toBeChecked();
    expect(
      row.getByRole('checkbox', { name: `SMS notifications for ${jordan.email}` }),
    ).not.toBeChecked();
    const samRow = within(await findMemberRow(sam.email));
    expect(samRow.getByText('Basic')).toBeInTheDocument();

    const pending = await screen.findByRole('heading', { name: 'Pending invitations' });
    expect(pending).toBeInTheDocument();
    expect(screen.getByText(invitation.email)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Cancel the invitation of ${invitation.email}` }),
    ).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it("shows 'No team members added' when there are none", async () => {
    lists([]);
    renderSection();
    expect(await screen.findByText('No team members added')).toBeInTheDocument();
  });

  it('a failed load is logged and offers a retry', async () => {
    let calls = 0;
    server.use(
      http.get(MEMBERS, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: [jordan] });
      }),
      http.get(INVITATIONS, () => HttpResponse.json({ data: [] })),
    );
    renderSection();
    expect(await screen.findByText('Team members could not be loaded')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('rowheader', { name: jordan.email })).toBeInTheDocument();
  });

  it('toggles a notification at once and keeps it when the server agrees', async () => {
    lists([jordan]);
    let body: unknown;
    server.use(
      http.patch(`${MEMBERS}/5`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          data: { ...jordan, pivot: { ...jordan.pivot, sms_notifications: 1 } },
        });
      }),
    );
    renderSection();
    const sms = await screen.findByRole('checkbox', {
      name: `SMS notifications for ${jordan.email}`,
    });
    await userEvent.click(sms);
    expect(sms).toBeChecked();
    await waitFor(() => expect(body).toEqual({ sms_notifications: 1 }));
    expect(sms).toBeChecked();
  });

  it('shows the choice in the same event, before any answer (no flip back and forth)', async () => {
    lists([jordan]);
    let answer: (() => void) | undefined;
    server.use(
      http.patch(
        `${MEMBERS}/5`,
        () =>
          new Promise<Response>((resolve) => {
            answer = () =>
              resolve(
                HttpResponse.json({
                  data: { ...jordan, pivot: { ...jordan.pivot, sms_notifications: 1 } },
                }),
              );
          }),
      ),
    );
    renderSection();
    const sms = await screen.findByRole('checkbox', {
      name: `SMS notifications for ${jordan.email}`,
    });
    fireEvent.click(sms);
    expect(sms).toBeChecked();
    // Still while the server has not answered (its agreeing: the test above).
    await waitFor(() => expect(answer).toBeDefined());
    expect(sms).toBeChecked();
    answer!();
  });

  it("reverts a toggle the server refuses, with 'Error! Something went wrong.'", async () => {
    lists([jordan]);
    server.use(
      http.patch(`${MEMBERS}/5`, () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    renderSection();
    const sms = await screen.findByRole('checkbox', {
      name: `SMS notifications for ${jordan.email}`,
    });
    await userEvent.click(sms);
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(sms).not.toBeChecked();
  });

  it('reverts an email toggle refused by the team rule and says why', async () => {
    lists([jordan]);
    const rule = 'At least one team member needs to have the email notifications turned on';
    server.use(
      http.patch(`${MEMBERS}/5`, () =>
        HttpResponse.json(
          { message: rule, errors: { email_notifications: [rule] } },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    const email = await screen.findByRole('checkbox', {
      name: `Email notifications for ${jordan.email}`,
    });
    await userEvent.click(email);
    expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(email).toBeChecked();
  });

  it("removes a member after confirmation: 'Team member removed!'", async () => {
    let members = [jordan, sam];
    server.use(
      http.get(MEMBERS, () => HttpResponse.json({ data: members })),
      http.get(INVITATIONS, () => HttpResponse.json({ data: [] })),
      http.delete(`${MEMBERS}/6`, () => {
        members = [jordan];
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: owner })),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: `Remove ${sam.email}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Team member removed!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: sam.email })).not.toBeInTheDocument(),
    );
  });

  it("says 'Error! Something went wrong.' when the removal fails, and keeps the member", async () => {
    lists([jordan]);
    server.use(
      http.delete(`${MEMBERS}/5`, () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: `Remove ${jordan.email}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: jordan.email })).toBeInTheDocument();
  });

  it("cancels an invitation: 'The invitation was canceled' / 'The invitation was not canceled'", async () => {
    let invitations = [invitation];
    let fail = true;
    server.use(
      http.get(MEMBERS, () => HttpResponse.json({ data: [] })),
      http.get(INVITATIONS, () => HttpResponse.json({ data: invitations })),
      http.delete(`${INVITATIONS}/9`, () => {
        if (fail) return HttpResponse.json({ message: 'Server Error' }, { status: 500 });
        invitations = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderSection();
    const cancel = await screen.findByRole('button', {
      name: `Cancel the invitation of ${invitation.email}`,
    });
    await userEvent.click(cancel);
    expect(await screen.findByText('The invitation was not canceled')).toBeInTheDocument();
    fail = false;
    await userEvent.click(cancel);
    expect(await screen.findByText('The invitation was canceled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(invitation.email)).not.toBeInTheDocument());
  });

  describe('Invite Team Member', () => {
    async function openDialog() {
      await userEvent.click(await screen.findByRole('button', { name: 'Invite Team Member' }));
      return screen.findByRole('dialog', { name: 'Invite Team Member' });
    }

    it('validates the email; role defaults to Basic (admin)', async () => {
      lists([]);
      renderSection();
      const dialog = within(await openDialog());
      expect(dialog.getByRole('combobox', { name: /Role/ })).toHaveValue('admin');
      expect(dialog.getByRole('option', { name: 'Basic' })).toBeInTheDocument();
      expect(dialog.getByRole('option', { name: 'Agency' })).toBeInTheDocument();
      await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
      expect(await dialog.findByText('Email address is required')).toBeInTheDocument();
      await userEvent.type(dialog.getByLabelText(/Email address/), 'not-an-email');
      await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
      expect(await dialog.findByText(/valid email/i)).toBeInTheDocument();
    });

    it("sends the invitation: 'Invitation sent!' and it appears as pending", async () => {
      let invitations: TeamInvitation[] = [];
      let body: unknown;
      server.use(
        http.get(MEMBERS, () => HttpResponse.json({ data: [] })),
        http.get(INVITATIONS, () => HttpResponse.json({ data: invitations })),
        http.post(MEMBERS, async ({ request }) => {
          body = await request.json();
          const created = { ...invitation, id: 10, email: 'new@guestspot.test', role: 'agency' };
          invitations = [created as TeamInvitation];
          return HttpResponse.json({ data: created });
        }),
      );
      renderSection();
      const dialog = within(await openDialog());
      await userEvent.type(dialog.getByLabelText(/Email address/), 'new@guestspot.test');
      await userEvent.selectOptions(dialog.getByRole('combobox', { name: /Role/ }), 'Agency');
      await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
      expect(await screen.findByText('Invitation sent!')).toBeInTheDocument();
      expect(body).toEqual({ email: 'new@guestspot.test', role: 'agency' });
      expect(await screen.findByText('new@guestspot.test')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Invite Team Member' })).not.toBeInTheDocument();
    });

    it("shows the server's field error and 'The invitation was not sent!'", async () => {
      lists([]);
      server.use(
        http.post(MEMBERS, () =>
          HttpResponse.json(
            {
              message: 'This person is already a team member.',
              errors: { email: ['This person is already a team member.'] },
            },
            { status: 422 },
          ),
        ),
      );
      renderSection();
      const dialog = within(await openDialog());
      await userEvent.type(dialog.getByLabelText(/Email address/), 'agency@guestspot.test');
      await userEvent.click(dialog.getByRole('button', { name: 'Send invitation' }));
      expect(await screen.findByText('The invitation was not sent!')).toBeInTheDocument();
      expect(dialog.getByLabelText(/Email address/)).toHaveAccessibleDescription(
        'This person is already a team member.',
      );
    });
  });

  it('an agency member acting as the owner sees the team without any action', async () => {
    lists([jordan], [invitation]);
    renderSection(
      makeUser({
        account_type: 'pro',
        has_team: true,
        impersonator: { id: 5, name: 'Jordan Blake', is_admin: false, team_role: 'agency' },
      }),
    );
    expect(await screen.findByRole('rowheader', { name: jordan.email })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Team Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: `Email notifications for ${jordan.email}` }),
    ).toBeDisabled();
    expect(await screen.findByText(invitation.email)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel the invitation/ })).not.toBeInTheDocument();
  });
});
