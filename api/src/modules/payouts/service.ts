import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PayoutAccount } from '../../contract';
import type { PayoutAccountsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { HttpError } from '../../http/errors';
import { requireUser, type AuthUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import type { PayoutProvider } from './provider';
import { oncePerRequest } from '../../http/per-request';

export const PAYOUT_MANAGERS_ONLY =
  'Only the account owner or an Agency team member can manage the payout account.';
export const PAYOUTS_UNAVAILABLE = 'Payouts are not available right now.';
export const PROVIDER_UNREACHABLE =
  'The payout provider could not be reached. Please try again in a moment.';
export const ALREADY_LINKED = 'A payout account is already linked. Unlink it to start over.';
export const NOT_LINKED = 'No payout account is linked.';
export const UNLINKED = 'Stripe Connect account was unlinked.';

/** The query parameter of the onboarding return URL (decision 030). */
export const RETURN_PARAM = 'payout_return';

export type PayoutRecord = Selectable<PayoutAccountsTable>;

/**
 * Who manages the payout account (spec §6): the owner, a site admin impersonating them (support),
 * or an Agency team member impersonating them ("Agency may manage everything ... including payout
 * setup"). A Basic member — or anyone else acting as the owner — gets 403.
 */
export const requirePayoutManager = oncePerRequest(async (request): Promise<AuthUser> => {
  const user = await requireUser(request);
  const impersonator = await sessionImpersonator(request);
  if (impersonator && !impersonator.is_admin && impersonator.team_role !== 'agency') {
    throw new HttpError(403, PAYOUT_MANAGERS_ONLY);
  }
  return user;
});

export function requireProvider(app: FastifyInstance): PayoutProvider {
  if (!app.payouts) throw new HttpError(503, PAYOUTS_UNAVAILABLE);
  return app.payouts;
}

/** Runs a provider call; a network or provider failure becomes 502 with a message to show. */
export async function atProvider<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    request.log.error(error, 'payout provider call failed');
    throw new HttpError(502, PROVIDER_UNREACHABLE);
  }
}

export function onboardingUrls(app: FastifyInstance) {
  return {
    returnUrl: `${app.config.appUrl}/settings?${RETURN_PARAM}=1#payout`,
    // An expired or used link: back to the section, whose Continue Onboarding has a fresh one.
    refreshUrl: `${app.config.appUrl}/settings#payout`,
  };
}

export async function findPayoutRecord(
  app: FastifyInstance,
  userId: number,
): Promise<PayoutRecord | null> {
  const row = await app.db
    .selectFrom('payout_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Records a new link to a provider account; null when the user has one already (another
 * request linked one meanwhile: the caller drops the account it made).
 */
export async function insertPayoutRecord(
  app: FastifyInstance,
  values: {
    userId: number;
    provider: PayoutRecord['provider'];
    accountId: string;
    countryCode: string;
  },
): Promise<PayoutRecord | null> {
  const inserted = await app.db
    .insertInto('payout_accounts')
    .values({
      user_id: values.userId,
      provider: values.provider,
      account_id: values.accountId,
      country_code: values.countryCode,
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? null;
}

/** users.stripe_connect_id (User.has_stripe_connect): the account's id only while connected. */
async function mirrorConnected(
  app: FastifyInstance,
  userId: number,
  connectedAccountId: string | null,
): Promise<void> {
  await app.db
    .updateTable('users')
    .set({ stripe_connect_id: connectedAccountId })
    .where('id', '=', userId)
    .where((eb) =>
      connectedAccountId === null
        ? eb('stripe_connect_id', 'is not', null)
        : eb.or([
            eb('stripe_connect_id', 'is', null),
            eb('stripe_connect_id', '!=', connectedAccountId),
          ]),
    )
    .execute();
}

/**
 * Asks the provider for the account's state and records it. null: the provider no longer knows
 * the account (deleted on its side), so the link is dropped.
 */
export async function syncPayoutRecord(
  app: FastifyInstance,
  request: FastifyRequest,
  provider: PayoutProvider,
  record: PayoutRecord,
): Promise<PayoutRecord | null> {
  const state = await atProvider(request, () => provider.retrieveAccount(record.account_id));
  if (state === null) {
    await removePayoutRecord(app, record);
    return null;
  }
  let current = record;
  if (
    state.details_submitted !== record.details_submitted ||
    state.charges_enabled !== record.charges_enabled
  ) {
    current = await app.db
      .updateTable('payout_accounts')
      .set({ ...state, updated_at: new Date() })
      .where('user_id', '=', record.user_id)
      .where('account_id', '=', record.account_id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const connected = current.details_submitted && current.charges_enabled;
  await mirrorConnected(app, record.user_id, connected ? current.account_id : null);
  return current;
}

export async function removePayoutRecord(app: FastifyInstance, record: PayoutRecord) {
  await app.db
    .deleteFrom('payout_accounts')
    .where('user_id', '=', record.user_id)
    .where('account_id', '=', record.account_id)
    .execute();
  await mirrorConnected(app, record.user_id, null);
}

/** The record as the browser sees it, with a fresh link for the next step. */
export async function presentPayoutAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  provider: PayoutProvider,
  record: PayoutRecord,
): Promise<PayoutAccount> {
  const onboarding = record.details_submitted
    ? null
    : await atProvider(request, () =>
        provider.onboardingLink(record.account_id, onboardingUrls(app)),
      );
  const dashboard = record.details_submitted
    ? await atProvider(request, () => provider.dashboardLink(record.account_id))
    : null;
  return {
    id: record.account_id,
    provider: record.provider,
    country_code: record.country_code,
    details_submitted: record.details_submitted,
    charges_enabled: record.charges_enabled,
    onboarding_link: onboarding === null ? null : { url: onboarding },
    dashboard_link: dashboard === null ? null : { url: dashboard },
  };
}
