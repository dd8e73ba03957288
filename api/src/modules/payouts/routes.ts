import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { CreatedPayoutAccount, PayoutAccount, PayoutCountry } from '../../contract';
import { HttpError, ValidationError } from '../../http/errors';
import { Str } from '../../http/schema';
import { PAYOUT_COUNTRIES, PAYOUT_COUNTRY_CODES } from './countries';
import {
  ALREADY_LINKED,
  atProvider,
  findPayoutRecord,
  insertPayoutRecord,
  NOT_LINKED,
  presentPayoutAccount,
  removePayoutRecord,
  requirePayoutManager,
  requireProvider,
  syncPayoutRecord,
  UNLINKED,
} from './service';
import { localPayoutRoutes } from './local-routes';
import { releasePayouts } from '../bookings/completion-payouts';

// The payout account (spec §7: POST/GET/DELETE /user/{provider}-account; the path names Stripe
// whichever provider runs). Permissions: requirePayoutManager.

/** An ISO 3166 code (either case); whether payouts support it is checked after (422). */
const NewPayoutAccount = Type.Object({ country_code: Str({ max: 2 }) });

/** `preValidation`: who may manage the payout account answers (401/403) before the input. */
async function payoutManager(request: FastifyRequest): Promise<void> {
  await requirePayoutManager(request);
}

export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/user/stripe-account/countries',
    async (): Promise<{ data: PayoutCountry[] }> => ({
      data: [...PAYOUT_COUNTRIES],
    }),
  );

  api.get('/user/stripe-account', async (request): Promise<{ data: PayoutAccount | null }> => {
    const user = await requirePayoutManager(request);
    const provider = requireProvider(app);
    const record = await findPayoutRecord(app, user.id);
    if (!record) return { data: null };
    const synced = await syncPayoutRecord(app, request, provider, record);
    if (!synced) return { data: null };
    if (synced.charges_enabled) {
      // Payouts waiting for this account go out now (decision 116); the sweep retries failures.
      await releasePayouts(
        { db: app.db, payouts: provider, now: app.config.now },
        { payeeUserId: user.id },
      ).catch((error: unknown) => request.log.error({ err: error }, 'releasing payouts failed'));
    }
    return { data: await presentPayoutAccount(app, request, provider, synced) };
  });

  const createOptions = { preValidation: payoutManager, schema: { body: NewPayoutAccount } };
  api.post(
    '/user/stripe-account',
    createOptions,
    async (request): Promise<CreatedPayoutAccount> => {
      const user = await requirePayoutManager(request);
      const countryCode = request.body.country_code.toUpperCase();
      if (!PAYOUT_COUNTRY_CODES.includes(countryCode)) {
        throw ValidationError.single('country_code', 'The selected country code is invalid.');
      }
      const provider = requireProvider(app);

      const existing = await findPayoutRecord(app, user.id);
      if (existing) {
        // A second click on Start Onboarding: the same unfinished account, a fresh link.
        if (existing.country_code !== countryCode || existing.details_submitted) {
          throw new HttpError(409, ALREADY_LINKED);
        }
        const data = await presentPayoutAccount(app, request, provider, existing);
        return { data, onboarding_link: data.onboarding_link! };
      }

      const accountId = await atProvider(request, () => provider.createAccount(user, countryCode));
      const inserted = await insertPayoutRecord(app, {
        userId: user.id,
        provider: provider.name,
        accountId,
        countryCode,
      });
      if (!inserted) {
        // Another request linked an account meanwhile: drop ours.
        await atProvider(request, () => provider.unlinkAccount(accountId));
        throw new HttpError(409, ALREADY_LINKED);
      }
      const data = await presentPayoutAccount(app, request, provider, inserted);
      return { data, onboarding_link: data.onboarding_link! };
    },
  );

  api.delete('/user/stripe-account', async (request) => {
    const user = await requirePayoutManager(request);
    const provider = requireProvider(app);
    const record = await findPayoutRecord(app, user.id);
    if (!record) throw new HttpError(404, NOT_LINKED);
    await atProvider(request, () => provider.unlinkAccount(record.account_id));
    await removePayoutRecord(app, record);
    return { message: UNLINKED };
  });

  await app.register(localPayoutRoutes);
}
