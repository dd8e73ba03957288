import { sql } from 'kysely';
import type { DB } from '../../db/database';

/** A domain's answer is reused for this long before the provider is asked again. */
export const CACHE_DAYS = 30;

/** The emails found for `domain` by `provider` within CACHE_DAYS, or null. */
export async function cachedEmails(
  db: DB,
  domain: string,
  provider: string,
): Promise<string[] | null> {
  const cached = await db
    .selectFrom('email_lookups')
    .select('emails')
    .where('domain', '=', domain)
    .where('provider', '=', provider)
    .where('looked_up_at', '>', sql<Date>`now() - make_interval(days => ${CACHE_DAYS})`)
    .executeTakeFirst();
  return cached?.emails ?? null;
}

export async function cacheEmails(
  db: DB,
  domain: string,
  provider: string,
  emails: string[],
): Promise<void> {
  await db
    .insertInto('email_lookups')
    .values({ domain, provider, emails: JSON.stringify(emails) })
    .onConflict((conflict) =>
      conflict.column('domain').doUpdateSet({
        provider,
        emails: JSON.stringify(emails),
        looked_up_at: sql<Date>`now()`,
      }),
    )
    .execute();
}
