import { makeUser } from '@guestspot/shared-api/testing';
import { settingsAccess } from './settings-access';

const admin = { id: 9, name: 'Alex Morgan', is_admin: true, team_role: null };
const agency = { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' as const };
const basic = { id: 8, name: 'Bo Basic', is_admin: false, team_role: 'admin' as const };

describe('settingsAccess', () => {
  it('lets the owner of a standard account manage it and see payout, but no team', () => {
    expect(settingsAccess(makeUser({ account_type: 'standard' }))).toEqual({
      manageAccount: true,
      changeSignIn: true,
      seePayout: true,
      seeTeam: false,
      seeAdminSettingsLink: false,
    });
  });

  it('shows the team to a Pro owner', () => {
    expect(settingsAccess(makeUser({ account_type: 'pro' })).seeTeam).toBe(true);
  });

  it('lets an Agency member see payout and team but manage nothing, email and password included', () => {
    const access = settingsAccess(makeUser({ account_type: 'pro', impersonator: agency }));
    expect(access).toMatchObject({
      manageAccount: false,
      changeSignIn: false,
      seePayout: true,
      seeTeam: true,
    });
  });

  it('hides payout and team from a Basic member', () => {
    const access = settingsAccess(makeUser({ account_type: 'pro', impersonator: basic }));
    expect(access).toMatchObject({
      manageAccount: false,
      changeSignIn: false,
      seePayout: false,
      seeTeam: false,
    });
  });

  it('lets a site admin act as the owner and shows the admin settings link', () => {
    const access = settingsAccess(makeUser({ account_type: 'pro', impersonator: admin }));
    expect(access).toEqual({
      manageAccount: true,
      changeSignIn: true,
      seePayout: true,
      seeTeam: true,
      seeAdminSettingsLink: true,
    });
    expect(settingsAccess(makeUser({ is_admin: true })).seeAdminSettingsLink).toBe(true);
  });
});
