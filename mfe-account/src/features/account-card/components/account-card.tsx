import { useQuery } from '@tanstack/react-query';
import { queryKeys, useSessionStore, type User } from '@guestspot/shared-api';
import { listTeamMembers } from '@guestspot/shared-api/team';
import { Avatar, ButtonLink, Card, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';
import { settingsAccess } from '../../../lib/settings-access';
import './account-card.css';

export const TEAM_SETTINGS_PATH = '/settings#team';
/** How many team members the card names before 'and N more'. */
export const TEAM_MEMBERS_SHOWN = 3;

/**
 * Dashboard account card (marketplace… §2.9): who is signed in, Edit Profile, and for those who
 * may see the team (Pro accounts: the owner, support, an Agency member; settings-access.ts) its
 * members with Manage, which opens Settings at the team section.
 */
export function AccountCard() {
  const user = useSessionStore((state) => state.user);
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <Card title="Your account">
      <div className="gs-account-card">
        <Avatar
          src={user.imageUrl ?? undefined}
          emailHash={user.email_hash}
          name={name}
          size={64}
        />
        <div>
          <p className="gs-account-card__name">{name}</p>
          <p className="gs-account-card__meta">{user.email}</p>
          <p className="gs-account-card__meta">
            {user.account_type === 'pro' ? 'PRO account' : 'Standard account'}
          </p>
        </div>
      </div>
      <ButtonLink to="/details" variant="secondary" size="sm">
        Edit Profile
      </ButtonLink>
      {settingsAccess(user).seeTeam ? <TeamMembers user={user} /> : null}
    </Card>
  );
}

function TeamMembers({ user }: { user: User }) {
  const members = useQuery({
    queryKey: queryKeys.teamMembers,
    queryFn: listTeamMembers,
    enabled: user.account_type === 'pro',
  });
  const list = members.data ?? [];
  const shown = list.slice(0, TEAM_MEMBERS_SHOWN);
  return (
    <div className="gs-account-card__team" role="group" aria-labelledby="account-card-team">
      <div className="gs-account-card__team-header">
        <h4 id="account-card-team" className="gs-account-card__team-title">
          Team members
        </h4>
        <ButtonLink
          to={TEAM_SETTINGS_PATH}
          variant="secondary"
          size="sm"
          aria-label="Manage team members"
        >
          Manage
        </ButtonLink>
      </div>
      {members.isPending ? (
        <SkeletonGroup label="Loading team members">
          <Skeleton variant="text" width="10rem" />
        </SkeletonGroup>
      ) : members.isError ? (
        <p className="gs-account-card__meta">The team could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="gs-account-card__meta">No team members yet.</p>
      ) : (
        <ul className="gs-account-card__members" aria-labelledby="account-card-team">
          {shown.map((member) => (
            <li key={member.id}>
              {member.first_name} {member.last_name}
              <span className="gs-account-card__meta">
                {' '}
                · {member.pivot.role === 'agency' ? 'Agency' : 'Basic'}
              </span>
            </li>
          ))}
          {list.length > shown.length ? (
            <li className="gs-account-card__meta">and {list.length - shown.length} more</li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
