import type { FastifyInstance } from 'fastify';
import type { CreatedPayoutAccount, PayoutAccount, PayoutCountry } from '../../contract';
import { HttpError } from '../../http/errors';
import { Validator } from '../../http/validation';
import { PAYOUT_COUNTRIES, PAYOUT_COUNTRY_CODES } from './countries';
import {
  ALREADY_LINKED,
  atProvider,
  findPayoutRecord,
  NOT_LINKED,
  presentPayoutAccount,
  removePayoutRecord,
  requirePayoutManager,
  requireProvider,
  syncPayoutRecord,
  UNLINKED,
} from './service';
import { localPayoutRoutes } from './local-routes';

// The payout account (spec §7: POST/GET/DELETE /user/{provider}-account; the path names Stripe
// whichever provider runs). Permissions: requirePayoutManager.

export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/user/stripe-account/countries',
    async (): Promise<{ data: PayoutCountry[] }> => ({
      data: [...PAYOUT_COUNTRIES],
    }),
  );

  app.get('/user/stripe-account', async (request): Promise<{ data: PayoutAccount | null }> => {
    const user = await requirePayoutManager(request);
    const provider = requireProvider(app);
    const record = await findPayoutRecord(app, user.id);
    if (!record) return { data: null };
    const synced = await syncPayoutRecord(app, request, provider, record);
    if (!synced) return { data: null };
    return { data: await presentPayoutAccount(app, request, provider, synced) };
  });

  app.post('/user/stripe-account', async (request): Promise<CreatedPayoutAccount> => {
    const user = await requirePayoutManager(request);
    const input = new Validator(request.body);
    const raw = input.string('country_code', { required: true, max: 2 });
    input.throwIfInvalid();
    const countryCode = (raw ?? '').toUpperCase();
    if (!PAYOUT_COUNTRY_CODES.includes(countryCode)) {
      input.fail('country_code', 'The selected country code is invalid.');
      input.throwIfInvalid();
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
    const inserted = await app.db
      .insertInto('payout_accounts')
      .values({
        user_id: user.id,
        provider: provider.name,
        account_id: accountId,
        country_code: countryCode,
      })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      // Another request linked an account meanwhile: drop ours.
      await atProvider(request, () => provider.unlinkAccount(accountId));
      throw new HttpError(409, ALREADY_LINKED);
    }
    const data = await presentPayoutAccount(app, request, provider, inserted);
    return { data, onboarding_link: data.onboarding_link! };
  });

  app.delete('/user/stripe-account', async (request) => {
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
