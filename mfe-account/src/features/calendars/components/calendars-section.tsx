import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  serverMessage,
  type Integration,
  type IntegrationSlug,
  type User,
} from '@guestspot/shared-api';
import {
  getOAuthRedirect,
  onOAuthConnected,
  type OAuthLinkProvider,
} from '@guestspot/shared-api/oauth';
import * as integrationsApi from '@guestspot/shared-api/integrations';
import { Alert, Button, ErrorState, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsSection } from '../../../components/settings';
import { ICloudConnectDialog } from './icloud-connect-dialog';
import { IntegrationEditor, StatusBadge } from './integration-editor';
import './calendars.css';

interface CalendarProviderInfo {
  slug: IntegrationSlug;
  name: string;
  /** Google and Office 365 connect through their OAuth consent page; iCloud with a form. */
  oauth: OAuthLinkProvider | null;
}

export const CALENDAR_PROVIDERS: CalendarProviderInfo[] = [
  { slug: 'icloud-calendar', name: 'iCloud', oauth: null },
  { slug: 'google-calendar', name: 'Google', oauth: 'google' },
  { slug: 'office365-calendar', name: 'Office 365', oauth: 'microsoft' },
];

const RETURN_TO = '/settings#calendars';

/**
 * Settings → Calendars (spec §2, §4): per provider either Connect (not connected) or Edit
 * (connected). Google and Office 365 open their authorization page in a new tab; when that tab
 * finishes (/{provider}/authorization announces it) or this window regains focus, the list is
 * fetched again (decision 033).
 */
export function CalendarsSection(_props: { user: User; access: SettingsAccess }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.integrations,
    queryFn: integrationsApi.listCalendarIntegrations,
    refetchOnWindowFocus: true,
  });

  useEffect(
    () =>
      onOAuthConnected((provider) => {
        if (CALENDAR_PROVIDERS.some((item) => item.oauth === provider)) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.integrations });
        }
      }),
    [queryClient],
  );

  return (
    <SettingsSection
      id="calendars"
      title="Calendars"
      description="Connect a calendar so bookings are added to it and its events block your availability."
    >
      {query.isPending ? (
        <SkeletonGroup label="Loading your calendars">
          {CALENDAR_PROVIDERS.map((provider) => (
            <div className="gs-settings-row" key={provider.slug}>
              <Skeleton variant="text" width="6rem" />
              <Skeleton variant="text" />
            </div>
          ))}
        </SkeletonGroup>
      ) : query.isError ? (
        <ErrorState
          titleAs="h3"
          message="Your calendars could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        CALENDAR_PROVIDERS.map((provider) => (
          <CalendarRow
            key={provider.slug}
            provider={provider}
            integration={query.data.find((item) => item.slug === provider.slug) ?? null}
          />
        ))
      )}
    </SettingsSection>
  );
}

function calendarName(integration: Integration, id: string | null): string | null {
  if (id === null) return null;
  return integration.data.available_calendars.find((calendar) => calendar.id === id)?.name ?? id;
}

function ConnectedSummary({ integration }: { integration: Integration }) {
  const events = calendarName(integration, integration.params.events_calendar);
  const conflicts = integration.params.conflict_calendars.map((id) =>
    calendarName(integration, id),
  );
  return (
    <div className="gs-calendars__summary">
      <p className="gs-calendars__account">
        {integration.account} <StatusBadge status={integration.status} />
      </p>
      <dl className="gs-calendars__choices">
        <dt>Events calendar</dt>
        <dd>{events ?? 'None'}</dd>
        <dt>Conflict calendars</dt>
        <dd>{conflicts.length ? conflicts.join(', ') : 'None'}</dd>
      </dl>
    </div>
  );
}

function CalendarRow({
  provider,
  integration,
}: {
  provider: CalendarProviderInfo;
  integration: Integration | null;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [icloudOpen, setICloudOpen] = useState(false);
  const [oauthState, setOAuthState] = useState<'idle' | 'opening' | 'waiting'>('idle');
  const [error, setError] = useState<string | null>(null);
  const actionButton = useRef<HTMLButtonElement>(null);
  const labelId = `calendar-${provider.slug}-label`;

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.integrations });
  const focusAction = () => queueMicrotask(() => actionButton.current?.focus());

  // Connected in the other tab: stop saying "waiting".
  useEffect(() => {
    if (integration) setOAuthState('idle');
  }, [integration]);

  const connectOAuth = async (oauth: OAuthLinkProvider) => {
    setError(null);
    setOAuthState('opening');
    // Opened during the click so that popup blockers allow it; pointed at the consent page next.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const url = new URL(await getOAuthRedirect(oauth, RETURN_TO), window.location.href);
      if (tab) {
        tab.location.href = url.toString();
        setOAuthState('waiting');
      } else {
        window.location.assign(url.toString());
      }
    } catch (failure) {
      tab?.close();
      setOAuthState('idle');
      setError(serverMessage(failure, `Could not reach ${provider.name}. Please try again.`));
    }
  };

  const label = `${integration ? 'Edit' : 'Connect'} ${provider.name}`;
  return (
    <div className="gs-settings-row gs-calendars__row" role="group" aria-labelledby={labelId}>
      <div id={labelId} className="gs-settings-row__label">
        {provider.name}
      </div>
      {editing && integration ? (
        <div className="gs-settings-row__form">
          <IntegrationEditor
            integrationId={integration.id}
            providerName={provider.name}
            onClose={() => {
              setEditing(false);
              focusAction();
            }}
            onSaved={(saved) => {
              queryClient.setQueryData<Integration[]>(queryKeys.integrations, (list) =>
                list?.map((item) => (item.id === saved.id ? saved : item)),
              );
              setEditing(false);
              focusAction();
            }}
            onDisabled={() => {
              setEditing(false);
              queryClient.setQueryData<Integration[]>(queryKeys.integrations, (list) =>
                list?.filter((item) => item.id !== integration.id),
              );
              void refresh();
              focusAction();
            }}
          />
        </div>
      ) : (
        <>
          <div className="gs-settings-row__content">
            {integration ? (
              <ConnectedSummary integration={integration} />
            ) : oauthState === 'waiting' ? (
              <p role="status">{`Finish connecting ${provider.name} in the new tab.`}</p>
            ) : (
              <p className="gs-calendars__muted">Not connected</p>
            )}
            {error ? <Alert tone="danger">{error}</Alert> : null}
          </div>
          <div className="gs-settings-row__actions">
            {integration ? (
              <Button
                ref={actionButton}
                variant="secondary"
                size="sm"
                aria-label={label}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            ) : (
              <Button
                ref={actionButton}
                size="sm"
                aria-label={label}
                loading={oauthState === 'opening'}
                disabled={oauthState === 'opening'}
                onClick={() =>
                  provider.oauth ? void connectOAuth(provider.oauth) : setICloudOpen(true)
                }
              >
                Connect
              </Button>
            )}
          </div>
        </>
      )}
      {provider.oauth === null ? (
        <ICloudConnectDialog
          open={icloudOpen}
          onClose={() => {
            setICloudOpen(false);
            focusAction();
          }}
          onConnected={(connected) => {
            queryClient.setQueryData<Integration[]>(queryKeys.integrations, (list) => [
              ...(list ?? []).filter((item) => item.id !== connected.id),
              connected,
            ]);
            setICloudOpen(false);
            focusAction();
          }}
        />
      ) : null}
    </div>
  );
}
