import { sql } from 'kysely';
import type { DB } from '../src/db/database';

// The write-load benchmark's after-checks (decision 122), read on the database itself once the
// API has stopped: no guest's interview time is given twice, and no booking is accepted or
// confirmed twice. The money is the standing ledger check's (checkLedger), run beside these.

export interface SchedulingViolation {
  rule: string;
  booking_ids: number[];
  detail: string;
}

/** The newest booking's id: the checks of "this run" read the bookings after it. */
export async function lastBookingId(db: DB): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Two rows of guest_confirmed_times of one guest whose times overlap (the constraint's promise). */
async function overlappingHolds(db: DB): Promise<SchedulingViolation[]> {
  const { rows } = await sql<{ a: number; b: number; guest: number }>`
    select a.booking_id as a, b.booking_id as b, a.guest_profile_id as guest
    from guest_confirmed_times a
    join guest_confirmed_times b
      on b.guest_profile_id = a.guest_profile_id and b.booking_id > a.booking_id
     and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
  `.execute(db);
  return rows.map((row) => ({
    rule: 'guest time held twice',
    booking_ids: [row.a, row.b],
    detail: `guest profile ${row.guest}: overlapping guest_confirmed_times`,
  }));
}

/**
 * Two bookings of one guest scheduled at overlapping times, from the bookings alone (their agreed
 * date and duration), whatever guest_confirmed_times says.
 */
async function overlappingInterviews(db: DB): Promise<SchedulingViolation[]> {
  const { rows } = await sql<{ a: number; b: number; guest: number; at: Date }>`
    with agreed as (
      select id, guest_profile_id,
             tstzrange(booking_date,
                       booking_date + make_interval(mins => coalesce(interview_duration, 30))) as span
      from bookings
      where status = 'scheduled' and booking_date is not null and not scheduled_without_date
    )
    select a.id as a, b.id as b, a.guest_profile_id as guest, lower(a.span) as at
    from agreed a
    join agreed b on b.guest_profile_id = a.guest_profile_id and b.id > a.id and a.span && b.span
  `.execute(db);
  return rows.map((row) => ({
    rule: 'guest double-booked',
    booking_ids: [row.a, row.b],
    detail: `guest profile ${row.guest}: two scheduled interviews overlap (${new Date(row.at).toISOString()})`,
  }));
}

/** A scheduled booking with an agreed date whose time is not held for it (nothing stops a second). */
async function scheduledWithoutHold(db: DB): Promise<SchedulingViolation[]> {
  const { rows } = await sql<{ id: number; held: Date | null; at: Date }>`
    select b.id, t.starts_at as held, b.booking_date as at
    from bookings b
    left join guest_confirmed_times t on t.booking_id = b.id
    where b.status = 'scheduled' and b.booking_date is not null and not b.scheduled_without_date
      and (t.booking_id is null or t.starts_at <> b.booking_date)
  `.execute(db);
  return rows.map((row) => ({
    rule: 'scheduled without its held time',
    booking_ids: [row.id],
    detail: `booking_date ${new Date(row.at).toISOString()}, guest_confirmed_times ${
      row.held ? new Date(row.held).toISOString() : 'none'
    }`,
  }));
}

/** A time held for a booking that is neither scheduled nor completed: the guest's slot is lost. */
async function holdsOfUnscheduled(db: DB): Promise<SchedulingViolation[]> {
  const { rows } = await sql<{ id: number; status: string }>`
    select t.booking_id as id, b.status
    from guest_confirmed_times t
    join bookings b on b.id = t.booking_id
    where b.status not in ('scheduled', 'completed')
  `.execute(db);
  return rows.map((row) => ({
    rule: 'time held by an unscheduled booking',
    booking_ids: [row.id],
    detail: `status ${row.status}`,
  }));
}

/**
 * Bookings made after `since` whose timeline says they were accepted twice, or confirmed twice
 * without the second being a change of date (payload.updated).
 */
async function answeredTwice(db: DB, since: number): Promise<SchedulingViolation[]> {
  const { rows } = await sql<{ id: number; accepted: number; confirmed: number }>`
    select booking_id as id,
           count(*) filter (where type = 'accepted')::int as accepted,
           count(*) filter (
             where type = 'confirmed' and coalesce((payload->>'updated')::boolean, false) = false
           )::int as confirmed
    from booking_activities
    where booking_id > ${since}
    group by booking_id
    having count(*) filter (where type = 'accepted') > 1
        or count(*) filter (
             where type = 'confirmed' and coalesce((payload->>'updated')::boolean, false) = false
           ) > 1
  `.execute(db);
  return rows.map((row) => ({
    rule: 'booking accepted or confirmed twice',
    booking_ids: [row.id],
    detail: `${row.accepted} 'accepted' and ${row.confirmed} first 'confirmed' timeline entries`,
  }));
}

/** Every scheduling invariant; empty when all hold. `since`: the activity rule's first booking. */
export async function checkScheduling(db: DB, since: number): Promise<SchedulingViolation[]> {
  return [
    ...(await overlappingHolds(db)),
    ...(await overlappingInterviews(db)),
    ...(await scheduledWithoutHold(db)),
    ...(await holdsOfUnscheduled(db)),
    ...(await answeredTwice(db, since)),
  ];
}
