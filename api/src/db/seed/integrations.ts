import type { Kysely } from 'kysely';
import { localGoogleProvider } from '../../modules/integrations/providers';
import type { Database } from '../schema';

// pro@ has a Google calendar connected with its calendars chosen. The local Google provider lists
// demo calendars for any account, so its check answers 'active' offline; with a real Google client
// it answers 'inactive' until the user reconnects (no tokens are seeded).
export async function seedIntegrations(
  trx: Kysely<Database>,
  { proId, proEmail }: { proId: number; proEmail: string },
): Promise<void> {
  const calendars = await localGoogleProvider().listCalendars({ account: proEmail });
  await trx
    .insertInto('integrations')
    .values({
      user_id: proId,
      slug: 'google-calendar',
      name: 'Google Calendar',
      account: proEmail,
      status: 'active',
      checked_at: new Date(),
      params: JSON.stringify({
        events_calendar: calendars[0]!.id,
        conflict_calendars: calendars.slice(0, 2).map((calendar) => calendar.id),
      }),
      data: JSON.stringify({ available_calendars: calendars }),
    })
    .execute();
}
