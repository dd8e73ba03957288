import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  GENERIC_ERROR_MESSAGE,
  serverMessage,
  type PayoutAccount,
  type User,
} from '@guestspot/shared-api';
import { isFollowableLink, PAYOUT_RETURN_PARAM } from '@guestspot/shared-api/payouts';
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  confirm,
  ErrorState,
  Select,
  Skeleton,
  toast,
  type BadgeTone,
} from '@guestspot/shared-ui';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsRow, SettingsSection } from '../../../components/settings';
import {
  FALLBACK_COUNTRY,
  payoutStatusLabel,
  useLocatedCountry,
  usePayoutAccount,
  usePayoutCountries,
  useStartOnboarding,
  useUnlinkPayoutAccount,
  type PayoutStatusLabel,
} from '../hooks/use-payout-account';
import { leaveSiteFor } from '../hooks/leave-site';
import './payout.css';

export const RETURN_NOTE =
  'If you submitted all the details, please allow a few minutes for your account to be updated.';
export const UNLINKED_MESSAGE = 'Stripe Connect account was unlinked.';
const LOAD_FAILED = 'Your payout account could not be loaded.';

const TONES: Record<PayoutStatusLabel, BadgeTone> = {
  Unknown: 'neutral',
  'Details Needed': 'warning',
  Pending: 'info',
  Connected: 'success',
};

/**
 * The payout account (spec §2 Payout section): how guests get paid for appearances. Status label,
 * polling every 10 s until connected, View Dashboard / Continue Onboarding, Unlink, and when none is
 * linked a country picker with Start Onboarding. Shown to the owner, an admin as support and an
 * Agency member (settingsAccess.seePayout), who may all act on it (§6, decision 030).
 */
export function PayoutSection({ user }: { user: User; access: SettingsAccess }) {
  const [params] = useSearchParams();
  const returned = params.has(PAYOUT_RETURN_PARAM);
  const account = usePayoutAccount(user);

  return (
    <SettingsSection
      id="payout"
      title="Payout account"
      description="Connect the account your appearance fees are paid to. Guests must connect within 90 days of an appearance."
    >
      {returned ? <Alert tone="info">{RETURN_NOTE}</Alert> : null}
      {account.isPending ? (
        <SettingsRow label="Status">
          <Skeleton width="10rem" />
        </SettingsRow>
      ) : account.isError ? (
        <>
          <SettingsRow label="Status">
            <StatusBadge label={payoutStatusLabel(undefined)} />
          </SettingsRow>
          <ErrorState
            titleAs="h3"
            title={LOAD_FAILED}
            message={serverMessage(account.error, GENERIC_ERROR_MESSAGE)}
            onRetry={() => void account.refetch()}
          />
        </>
      ) : account.data ? (
        <LinkedAccount account={account.data} />
      ) : (
        <NotConnected />
      )}
    </SettingsSection>
  );
}

function StatusBadge({ label }: { label: PayoutStatusLabel }) {
  return (
    <Badge tone={TONES[label]} data-testid="payout-status">
      {label}
    </Badge>
  );
}

function LinkedAccount({ account }: { account: PayoutAccount }) {
  const unlink = useUnlinkPayoutAccount();
  const label = payoutStatusLabel(account);
  const link = account.details_submitted
    ? { text: 'View Dashboard', url: account.dashboard_link?.url }
    : { text: 'Continue Onboarding', url: account.onboarding_link?.url };

  const askUnlink = async () => {
    const confirmed = await confirm({
      title: 'Unlink payout account?',
      message:
        'Payouts stop until you connect an account again. Guests must connect within 90 days of an appearance.',
      confirmLabel: 'Unlink account',
      tone: 'danger',
      onConfirm: () => unlink.mutateAsync(),
    });
    if (confirmed) toast.success(UNLINKED_MESSAGE);
  };

  return (
    <SettingsRow
      label="Status"
      actions={
        <>
          {isFollowableLink(link.url) ? (
            // A document navigation: the provider's pages are not routes of this app.
            <ButtonLink to={link.url} reloadDocument size="sm">
              {link.text}
            </ButtonLink>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => void askUnlink()}>
            Unlink account
          </Button>
        </>
      }
    >
      <p className="gs-payout__status">
        <StatusBadge label={label} />
        {label === 'Pending' ? (
          <span className="gs-payout__hint">The provider is reviewing your details.</span>
        ) : null}
      </p>
    </SettingsRow>
  );
}

function NotConnected() {
  const countries = usePayoutCountries(true);
  const located = useLocatedCountry(true);
  const start = useStartOnboarding();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const list = countries.data ?? [];
  const supported = (code: string | null | undefined) =>
    Boolean(code) && list.some((country) => country.code === code);
  // The user's choice, else the located country, else US — once both lookups have settled.
  const fallback = located.isPending
    ? ''
    : supported(located.data)
      ? located.data!
      : supported(FALLBACK_COUNTRY)
        ? FALLBACK_COUNTRY
        : '';
  const country = chosen ?? fallback;
  const busy = start.isPending || leaving;

  const begin = () => {
    setError(null);
    start.mutate(country, {
      onSuccess: (result) => {
        const url = result.onboarding_link.url;
        if (!isFollowableLink(url)) {
          setError(GENERIC_ERROR_MESSAGE);
          return;
        }
        setLeaving(true);
        leaveSiteFor(url);
      },
      onError: (failure) => setError(serverMessage(failure, GENERIC_ERROR_MESSAGE)),
    });
  };

  if (countries.isError) {
    return (
      <ErrorState
        titleAs="h3"
        title="The list of countries could not be loaded."
        message={serverMessage(countries.error, GENERIC_ERROR_MESSAGE)}
        onRetry={() => void countries.refetch()}
      />
    );
  }

  return (
    <SettingsRow label="Status">
      <p className="gs-payout__status">Not connected</p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="gs-payout__start">
        <Select
          label="Country"
          hint="Where you or your business are based."
          placeholder={countries.isPending ? 'Loading countries…' : 'Choose a country'}
          options={list.map((item) => ({ value: item.code, label: item.name }))}
          value={country}
          disabled={countries.isPending || busy}
          onChange={(event) => setChosen(event.target.value)}
        />
        <Button onClick={begin} disabled={!country || busy} loading={busy}>
          Start Onboarding
        </Button>
      </div>
    </SettingsRow>
  );
}
