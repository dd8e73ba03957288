import type { Kysely } from 'kysely';
import type { Database } from '../schema';

// Connected payout accounts (LOCAL provider) for the demo users who get paid for appearances:
// the Settings page shows them Connected, and User.has_stripe_connect is true.

export async function seedPayouts(
  trx: Kysely<Database>,
  {
    users,
    at,
  }: { users: { id: number; email: string; name: string }[]; at: (days: number) => Date },
): Promise<void> {
  for (const [index, user] of users.entries()) {
    const accountId = `acct_local_demo${index + 1}`;
    await trx
      .insertInto('local_connect_accounts')
      .values({
        id: accountId,
        user_id: user.id,
        country_code: 'US',
        email: user.email,
        business_type: 'individual',
        legal_name: user.name,
        details_submitted: true,
        activates_at: at(-60),
        created_at: at(-61),
      })
      .execute();
    await trx
      .insertInto('payout_accounts')
      .values({
        user_id: user.id,
        provider: 'local',
        account_id: accountId,
        country_code: 'US',
        details_submitted: true,
        charges_enabled: true,
        created_at: at(-61),
        updated_at: at(-60),
      })
      .execute();
    await trx
      .updateTable('users')
      .set({ stripe_connect_id: accountId })
      .where('id', '=', user.id)
      .execute();
  }
}
