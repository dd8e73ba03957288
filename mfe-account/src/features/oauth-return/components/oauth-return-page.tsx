import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { safeRedirectPath, serverMessage } from '@guestspot/shared-api';
import {
  announceOAuthConnected,
  completeOAuth,
  getOAuthRedirect,
  OAUTH_PROVIDER_NAMES,
  type OAuthLinkProvider,
} from '@guestspot/shared-api/oauth';
import { Alert, Button, Spinner } from '@guestspot/shared-ui';
import { CenteredCardPage } from '../../../components/centered-card-page';

type State =
  | { kind: 'working' }
  | { kind: 'done'; message: string; returnTo: string }
  | { kind: 'failed'; message: string };

/**
 * /{provider}/authorization: where a provider returns after the user allowed (or refused) the
 * connection. Finishes it on the server and links back to where the user started.
 */
export function OAuthReturnPage({ provider }: { provider: OAuthLinkProvider }) {
  const [params] = useSearchParams();
  const name = OAUTH_PROVIDER_NAMES[provider];
  const code = params.get('code');
  const stateParam = params.get('state');
  const refused = params.get('error');
  const [state, setState] = useState<State>(
    refused || !code || !stateParam
      ? { kind: 'failed', message: `The ${name} authorization was cancelled or did not finish.` }
      : { kind: 'working' },
  );
  const [retrying, setRetrying] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !code || !stateParam || refused) return;
    started.current = true;
    completeOAuth(provider, { code, state: stateParam })
      .then((result) => {
        // The page that opened this tab (Settings → Calendars) refetches.
        announceOAuthConnected(provider);
        setState({
          kind: 'done',
          message: result.message,
          returnTo: safeRedirectPath(result.return_to) ?? '/settings',
        });
      })
      .catch((error: unknown) =>
        setState({
          kind: 'failed',
          message: serverMessage(error, `Your ${name} account could not be connected.`),
        }),
      );
  }, [provider, code, stateParam, refused, name]);

  const retry = async () => {
    setRetrying(true);
    try {
      window.location.assign(await getOAuthRedirect(provider, '/settings'));
    } catch (error) {
      setRetrying(false);
      setState({ kind: 'failed', message: serverMessage(error, `Could not reach ${name}.`) });
    }
  };

  return (
    <CenteredCardPage title={`Connect ${name}`} titleId="oauth-return-title">
      {state.kind === 'working' ? (
        <Spinner label={`Connecting your ${name} account`} />
      ) : state.kind === 'done' ? (
        <>
          <Alert tone="success">{state.message}</Alert>
          <p>
            <Link to={state.returnTo}>Continue</Link>
          </p>
        </>
      ) : (
        <>
          <Alert tone="danger">{state.message}</Alert>
          <div className="gs-centered-page__actions">
            <Button onClick={() => void retry()} loading={retrying}>
              Try again
            </Button>
            <Link to="/settings">Back to settings</Link>
          </div>
        </>
      )}
    </CenteredCardPage>
  );
}
