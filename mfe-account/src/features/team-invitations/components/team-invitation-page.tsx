import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  GENERIC_ERROR_MESSAGE,
  isApiError,
  rememberRedirect,
  serverMessage,
  useSessionStore,
  type PublicTeamInvitation,
  queryKeys,
} from '@guestspot/shared-api';
import * as teamApi from '@guestspot/shared-api/team';
import { Alert, Button, ErrorState, openLoginModal, Spinner, toast } from '@guestspot/shared-ui';
import { CenteredCardPage } from '../../../components/centered-card-page';

const ROLE_LABELS = { admin: 'Basic', agency: 'Agency' } as const;
const NOT_FOUND =
  'This invitation no longer exists. It may have been accepted, declined or canceled.';

/**
 * /team-invitations/:invitationId?token=… — the link from the invitation email. Visitors see who
 * invited them and sign in (or register) first; the invitee accepts or declines.
 */
export function TeamInvitationPage() {
  const { invitationId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useQuery({
    queryKey: queryKeys.teamInvitation(invitationId, token),
    queryFn: () => teamApi.getTeamInvitation(invitationId, token),
    enabled: token !== '',
    retry: false,
  });

  let body;
  if (!token) {
    body = (
      <Alert tone="danger">
        This invitation link is incomplete. Open the link from the email again.
      </Alert>
    );
  } else if (query.isPending) {
    body = <Spinner label="Loading the invitation" />;
  } else if (query.isError) {
    const error = query.error;
    body =
      isApiError(error) && (error.status === 404 || error.status === 422) ? (
        <Alert tone="danger">
          {error.status === 404 ? NOT_FOUND : serverMessage(error, NOT_FOUND)}
        </Alert>
      ) : (
        <ErrorState
          message="The invitation could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
  } else {
    body = <InvitationDecision invitation={query.data} invitationId={invitationId} token={token} />;
  }

  return (
    <CenteredCardPage title="Team invitation" titleId="team-invitation-title">
      {body}
    </CenteredCardPage>
  );
}

function InvitationDecision({
  invitation,
  invitationId,
  token,
}: {
  invitation: PublicTeamInvitation;
  invitationId: string;
  token: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const authenticated = useSessionStore((state) => state.authenticated);
  const logout = useSessionStore((state) => state.logout);
  const refetch = useSessionStore((state) => state.refetch);
  const [busy, setBusy] = useState<'accept' | 'decline' | 'logout' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const here = `${location.pathname}${location.search}`;
  const role = ROLE_LABELS[invitation.role];

  const intro = (
    <p>
      <strong>{invitation.team_owner_name}</strong> invited <strong>{invitation.email}</strong> to
      join their Guestspot team as {role === 'Agency' ? 'an' : 'a'} <strong>{role}</strong> member.
    </p>
  );

  if (!authenticated || !user) {
    if (authenticated) return <Spinner label="Loading your account" />;
    return (
      <>
        {intro}
        <p>Sign in with {invitation.email} to accept, or create an account first.</p>
        <div className="gs-centered-page__actions">
          <Button
            onClick={() => {
              rememberRedirect(here);
              openLoginModal({ redirect: here });
            }}
          >
            Sign in to accept
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              rememberRedirect(here);
              navigate('/register');
            }}
          >
            Create an account
          </Button>
        </div>
      </>
    );
  }

  if (user.email.trim().toLowerCase() !== invitation.email.trim().toLowerCase()) {
    return (
      <>
        {intro}
        <Alert tone="warning">
          This invitation was sent to {invitation.email}, but you are signed in as {user.email}. Log
          out and sign in with {invitation.email} to accept it.
        </Alert>
        <div className="gs-centered-page__actions">
          <Button
            loading={busy === 'logout'}
            onClick={async () => {
              setBusy('logout');
              try {
                await logout();
              } finally {
                setBusy(null);
              }
            }}
          >
            Log out
          </Button>
        </div>
      </>
    );
  }

  const act = async (kind: 'accept' | 'decline') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'accept') {
        await teamApi.acceptTeamInvitation(invitationId, token);
        await refetch().catch(() => null);
        toast.success(`You joined ${invitation.team_owner_name}'s team.`);
      } else {
        await teamApi.declineTeamInvitation(invitationId, token);
        toast.info('Invitation declined.');
      }
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setBusy(null);
      setError(serverMessage(failure, GENERIC_ERROR_MESSAGE));
    }
  };

  return (
    <>
      {intro}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="gs-centered-page__actions">
        <Button
          loading={busy === 'accept'}
          disabled={busy !== null}
          onClick={() => void act('accept')}
        >
          Accept
        </Button>
        <Button
          variant="secondary"
          loading={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void act('decline')}
        >
          Decline
        </Button>
      </div>
      <p>
        <Link to="/dashboard">Decide later</Link>
      </p>
    </>
  );
}
