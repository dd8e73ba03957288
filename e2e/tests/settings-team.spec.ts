import { linkPath, mailsTo, signUpVerified } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { demoUsers, expect, test } from '../support/fixtures';

// Settings → Team members as pro@ (Priya Patel): invite a new, verified account from the page,
// which opens the emailed link and accepts in its own browser; then Priya removes them again.

test.describe('Settings → Team members', () => {
  test('a Pro user invites a team member, who accepts from the email; then removes them', async ({
    page,
    browser,
    signIn,
  }) => {
    // The invitee: a verified account in a browser of their own.
    const inviteeContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
    const inviteePage = await inviteeContext.newPage();
    const invitee = await signUpVerified(inviteePage, inviteeContext, 'team-invitee');

    await signIn(demoUsers.pro, '/settings#team');
    const team = page.getByRole('region', { name: 'Team members' });
    await expect(team.getByRole('row', { name: /^agency@guestspot\.test/ })).toBeVisible();

    await team.getByRole('button', { name: 'Invite Team Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await expect(dialog.getByRole('combobox', { name: /Role/ })).toHaveValue('admin');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Email address is required')).toBeVisible();
    await dialog.getByLabel(/Email address/).fill(invitee.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText('Invitation sent!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(team.getByText(invitee.email)).toBeVisible();
    await expect(
      team.getByRole('button', { name: `Cancel the invitation of ${invitee.email}` }),
    ).toBeVisible();

    // The invitee opens the emailed link and accepts.
    const [mail] = await mailsTo(
      inviteePage.request,
      invitee.email,
      'Priya Patel invited you to their Guestspot team',
    );
    expect(mail!.text).toContain('as a Basic member');
    await inviteePage.goto(linkPath(mail!, '/team-invitations/'));
    await inviteePage
      .getByRole('region', { name: 'Team invitation' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(inviteePage).toHaveURL('/dashboard');
    await expect(inviteePage.getByText("You joined Priya Patel's team.")).toBeVisible();
    await inviteeContext.close();

    // Priya sees a Basic member now, no pending invitation; she removes them.
    await page.reload();
    const row = team.getByRole('row', {
      name: new RegExp(`^${invitee.email.replace(/\./g, '\\.')}`),
    });
    await expect(row).toBeVisible();
    await expect(row.getByText('Basic')).toBeVisible();
    await expect(
      team.getByRole('button', { name: `Cancel the invitation of ${invitee.email}` }),
    ).toHaveCount(0);
    const sms = row.getByRole('checkbox', { name: `SMS notifications for ${invitee.email}` });
    await expect(sms).not.toBeChecked();
    await sms.check();
    await page.reload();
    await expect(
      team
        .getByRole('row', { name: new RegExp(`^${invitee.email.replace(/\./g, '\\.')}`) })
        .getByRole('checkbox', { name: `SMS notifications for ${invitee.email}` }),
    ).toBeChecked();

    await team.getByRole('button', { name: `Remove ${invitee.email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove team member?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Team member removed!')).toBeVisible();
    await expect(team.getByText(invitee.email)).toHaveCount(0);
  });
});
