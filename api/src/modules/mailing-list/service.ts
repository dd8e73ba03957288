import { sql } from 'kysely';
import type { DB } from '../../db/database';

/** Adds the address to the newsletter; an address already there (any case) stays as it is. */
export async function subscribe(db: DB, email: string): Promise<void> {
  await db
    .insertInto('mailing_list_subscribers')
    .values({ email })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .execute();
}
