import { sql } from 'kysely';
import type { ProfileSide } from '../../booking-facts';
import { priceBooking } from '../../modules/booking-money/pricing';
import type { DB } from '../database';
import { BUSY_PROFILES_PER_SIDE, LARGE_EMAIL_DOMAIN } from './large';
import { createRandom, type Random } from './prng';

// ~100,000 bookings over the large catalogue's profiles, for the bookings list's benchmarks
// (decision 120): every status of decision 099 with the timeline, the ledger (booking_payments
// and the LOCAL provider's charges, moved as booking-life.ts moves the demo's, so the standing
// money check passes), the confirmed times and the seen marks their lives imply. The first
// BUSY_PROFILES_PER_SIDE guests and shows (owners never paused, large.ts) are on one side of half
// the bookings each: a few hundred users with hundreds of bookings. The first of those shows is
// the other side of a further tenth of all bookings (~10,000: the CSV export's benchmark). Dates are relative to the
// day the seed runs (pending requests must not have expired, dated interviews lie ahead), so the
// API's sweeps find nothing to do; the rest is the same on every machine.
//
// Rows go in as one JSON parameter per statement (jsonb_to_recordset): a statement of 5,000
// rows costs PGlite one parse instead of 5,000 × columns parameters.

export const LARGE_BOOKINGS_SIZE = 100_000;
/** The bookings' idempotency keys start so: also how a second run knows they are there. */
const KEY_PREFIX = 'large-seed-';
const LARGE_BOOKINGS_SEED = 20_260_119;
const ROWS_PER_STATEMENT = 5_000;
/** The share of the bookings made with the first busy show (its owner exports ~10,000 rows). */
const EXPORT_SHOW_SHARE = 0.1;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Cents of the option booked; 12% free. */
const PRICES = [2500, 5000, 7500, 10_000, 15_000, 20_000, 25_000, 30_000, 50_000, 75_000, 150_000];
/** Cumulative weights of the stored statuses (decision 099; confirmed = scheduled with a date). */
const STATUS_WEIGHTS = [
  ['pending', 8],
  ['accepted', 7],
  ['scheduled', 12],
  ['completed', 45],
  ['canceled', 16],
  ['expired', 12],
] as const;
type SeedStatus = (typeof STATUS_WEIGHTS)[number][0];
type LedgerKind = 'charge' | 'service_fee' | 'payout';
type LedgerStatus = 'pending' | 'paid' | 'void';

interface Profile {
  id: number;
  user_id: number;
}

interface Rows {
  bookings: Record<string, unknown>[];
  activities: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  charges: Record<string, unknown>[];
  times: Record<string, unknown>[];
}

export interface LargeBookingsResult {
  bookings: number;
  activities: number;
  payments: number;
  seconds: number;
}

const BOOKING_COLUMNS = {
  id: 'int',
  guest_profile_id: 'int',
  show_profile_id: 'int',
  booking_option_id: 'int',
  initiator: 'text',
  status: 'text',
  is_pitch: 'boolean',
  price: 'int',
  full_booking_fee: 'int',
  interview_duration: 'int',
  booking_date: 'timestamptz',
  proposed_dates: 'jsonb',
  message: 'text',
  guest_seen_at: 'timestamptz',
  show_seen_at: 'timestamptz',
  booker_user_id: 'int',
  idempotency_key: 'text',
  expires_at: 'timestamptz',
  accepted_at: 'timestamptz',
  confirmed_at: 'timestamptz',
  confirmed_by_invitee: 'boolean',
  canceled_at: 'timestamptz',
  cancel_kind: 'text',
  canceled_by: 'text',
  canceled_by_user_id: 'int',
  cancel_reason: 'text',
  payment_status: 'text',
  completion_asked_at: 'timestamptz',
  completed_at: 'timestamptz',
  completed_by: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
} as const;
const ACTIVITY_COLUMNS = {
  booking_id: 'int',
  type: 'text',
  actor_side: 'text',
  actor_user_id: 'int',
  payload: 'jsonb',
  created_at: 'timestamptz',
} as const;
const PAYMENT_COLUMNS = {
  booking_id: 'int',
  side: 'text',
  direction: 'text',
  kind: 'text',
  amount: 'int',
  status: 'text',
  provider_reference: 'text',
  paid_at: 'timestamptz',
  payee_user_id: 'int',
  created_at: 'timestamptz',
} as const;
const CHARGE_COLUMNS = {
  id: 'text',
  user_id: 'int',
  idempotency_key: 'text',
  amount: 'int',
  currency: 'text',
  payment_method_id: 'text',
  description: 'text',
  status: 'text',
  captured_at: 'timestamptz',
  released_at: 'timestamptz',
  created_at: 'timestamptz',
} as const;
const TIME_COLUMNS = {
  booking_id: 'int',
  guest_profile_id: 'int',
  starts_at: 'timestamptz',
  ends_at: 'timestamptz',
  created_at: 'timestamptz',
} as const;

/** `rows` into `table`, ROWS_PER_STATEMENT at a time, each batch one jsonb parameter. */
async function insertRows(
  db: DB,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
): Promise<void> {
  const names = sql.join(Object.keys(columns).map((name) => sql.ref(name)));
  const definitions = sql.join(
    Object.entries(columns).map(([name, type]) => sql`${sql.ref(name)} ${sql.raw(type)}`),
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const batch = JSON.stringify(rows.slice(start, start + ROWS_PER_STATEMENT));
    await sql`insert into ${sql.table(table)} (${names})
      select ${names} from jsonb_to_recordset(${batch}::jsonb) as r(${definitions})`.execute(db);
  }
}

function statusOf(random: Random): SeedStatus {
  let roll = random.int(1, 100);
  for (const [status, weight] of STATUS_WEIGHTS) {
    if (roll <= weight) return status;
    roll -= weight;
  }
  return 'completed';
}

/** The large catalogue's profiles of one side whose owners are active, in id order. */
async function largeProfiles(db: DB, table: 'guest_profiles' | 'show_profiles') {
  const { rows } = await sql<Profile>`
    select p.id, p.user_id from ${sql.table(table)} p
    join users u on u.id = p.user_id
    where u.email like ${`%@${LARGE_EMAIL_DOMAIN}`} and u.status = 'active'
    order by p.id
  `.execute(db);
  return rows;
}

/** Picks a free hour for a guest's confirmed interview (no two overlap: the EXCLUDE of 099). */
function freeHour(taken: Map<number, Set<number>>, guestId: number, wanted: number): number {
  const hours = taken.get(guestId) ?? new Set<number>();
  taken.set(guestId, hours);
  let hour = wanted;
  while (hours.has(hour)) hour += 1;
  hours.add(hour);
  return hour;
}

interface Context {
  random: Random;
  now: number;
  anchor: number;
  options: { interview: number; appearance: number };
  taken: Map<number, Set<number>>;
  rows: Rows;
}

/** One booking's row, timeline, ledger, charge and confirmed time. */
function addBooking(ctx: Context, id: number, guest: Profile, show: Profile): void {
  const { random, now, anchor, rows } = ctx;
  const status = statusOf(random);
  const booker: ProfileSide = random.chance(0.6) ? 'show' : 'guest';
  const invitee: ProfileSide = booker === 'guest' ? 'show' : 'guest';
  const userOf = (side: ProfileSide) => (side === 'guest' ? guest.user_id : show.user_id);
  const isPitch = booker === 'guest' && random.chance(0.1);
  const duration = random.pick([30, 30, 45, 60]);
  const base = random.chance(0.12) ? 0 : random.pick(PRICES);
  const price = priceBooking({
    bookedSide: invitee,
    option: { name: isPitch ? 'Pitch' : 'Virtual Interview', price: base },
    upsells: [],
    code: null,
    availableCredit: 0,
    bookerReferred: false,
  });
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

  // The dates its status implies (see the header: all relative to today).
  let created: number;
  let bookingDate: number | null = null;
  let acceptedAt: number | null = null;
  let endedAt: number | null = null;
  if (status === 'pending') {
    created = now - random.int(1, 6 * 24 - 1) * HOUR;
  } else if (status === 'accepted' || status === 'scheduled') {
    created = anchor - random.int(2, 45) * DAY + random.int(8, 20) * HOUR;
    acceptedAt = Math.min(created + random.int(2, 30) * HOUR, now - 2 * HOUR);
    if (status === 'scheduled') {
      const wanted = Math.floor((anchor + random.int(1, 90) * DAY) / HOUR) + random.int(9, 20);
      bookingDate = freeHour(ctx.taken, guest.id, wanted) * HOUR;
    }
  } else if (status === 'completed') {
    const wanted = Math.floor((anchor - random.int(9, 540) * DAY) / HOUR) + random.int(9, 20);
    bookingDate = freeHour(ctx.taken, guest.id, wanted) * HOUR;
    created = bookingDate - random.int(3, 30) * DAY - random.int(0, 12) * HOUR;
    acceptedAt = created + random.int(2, 40) * HOUR;
    endedAt = bookingDate + duration * MINUTE + random.int(1, 7 * 24) * HOUR;
  } else {
    created = anchor - random.int(8, 540) * DAY + random.int(8, 20) * HOUR;
    endedAt = status === 'expired' ? created + 7 * DAY : created + random.int(1, 72) * HOUR;
  }
  const confirmedAt = bookingDate === null ? null : (acceptedAt ?? created) + HOUR;
  const expiresAt = status === 'pending' || status === 'expired' ? created + 7 * DAY : null;
  const rejected = status === 'canceled' && random.chance(0.6);
  const canceledBy: ProfileSide = rejected ? invitee : booker;
  const proposals = Array.from({ length: isPitch ? 0 : random.int(1, 3) }, (_, index) =>
    iso(Math.floor(created / HOUR) * HOUR + (3 + index * 2) * DAY),
  );
  if (bookingDate !== null) proposals[0] = iso(bookingDate);

  rows.bookings.push({
    id,
    guest_profile_id: guest.id,
    show_profile_id: show.id,
    booking_option_id: random.chance(0.7) ? ctx.options.interview : ctx.options.appearance,
    initiator: booker,
    status,
    is_pitch: isPitch,
    price: price.total,
    full_booking_fee: price.total,
    interview_duration: duration,
    booking_date: iso(bookingDate),
    proposed_dates: proposals,
    message: isPitch ? 'A story your listeners have not heard yet.' : null,
    // The booker saw it as they sent it; the invitee once they answered (a pending one is new).
    guest_seen_at: booker === 'guest' || status !== 'pending' ? iso(created) : null,
    show_seen_at: booker === 'show' || status !== 'pending' ? iso(created) : null,
    booker_user_id: userOf(booker),
    idempotency_key: `${KEY_PREFIX}${id}`,
    expires_at: iso(expiresAt),
    accepted_at: iso(acceptedAt),
    confirmed_at: iso(confirmedAt),
    confirmed_by_invitee: bookingDate !== null,
    canceled_at: status === 'canceled' ? iso(endedAt) : null,
    cancel_kind: status === 'canceled' ? (rejected ? 'rejected' : 'canceled') : null,
    canceled_by: status === 'canceled' ? canceledBy : null,
    canceled_by_user_id: status === 'canceled' ? userOf(canceledBy) : null,
    cancel_reason: status === 'canceled' ? 'Our recording schedule changed.' : null,
    payment_status: 'none', // set below with the card
    completion_asked_at: status === 'completed' ? iso(bookingDate! + duration * MINUTE) : null,
    completed_at: status === 'completed' ? iso(endedAt) : null,
    completed_by: status === 'completed' ? random.pick(['show', 'system']) : null,
    created_at: iso(created),
    updated_at: iso(endedAt ?? confirmedAt ?? acceptedAt ?? created),
  });

  // The timeline.
  const activity = (type: string, side: ProfileSide | 'system', at: number, payload = {}) =>
    rows.activities.push({
      booking_id: id,
      type,
      actor_side: side,
      actor_user_id: side === 'system' ? null : userOf(side),
      payload,
      created_at: iso(at),
    });
  activity('order-started', booker, created, {
    is_pitch: isPitch,
    amount: price.total,
    card_amount: price.cardAmount,
    store_credit: 0,
    code: null,
    wants_guaranteed_response: false,
  });
  if (isPitch) activity('text-pitch', booker, created, { message: 'A story.' });
  else activity('proposed_dates', booker, created, { dates: proposals, rescheduled: false });
  if (acceptedAt !== null) activity('accepted', invitee, acceptedAt);
  if (bookingDate !== null && confirmedAt !== null) {
    const ends = bookingDate + duration * MINUTE;
    activity('confirmed', invitee, confirmedAt, {
      date: iso(bookingDate),
      ends_at: iso(ends),
      updated: false,
    });
    rows.times.push({
      booking_id: id,
      guest_profile_id: guest.id,
      starts_at: iso(bookingDate),
      ends_at: iso(ends),
      created_at: iso(confirmedAt),
    });
  }
  if (status === 'completed' && endedAt !== null) {
    activity('completed', 'system', endedAt, { payout: price.split.payee });
  }
  if (status === 'canceled' && endedAt !== null) {
    activity(rejected ? 'rejected' : 'canceled', canceledBy, endedAt, {
      reason: 'Our recording schedule changed.',
    });
  }
  if (status === 'expired' && endedAt !== null) activity('expired', 'system', endedAt);

  // The ledger as createBooking writes it, moved as acceptance, an ending and completion move
  // it (booking-life.ts does the same for the demo's bookings).
  const dead = status === 'canceled' || status === 'expired';
  const ledgerOf = (kind: LedgerKind): { status: LedgerStatus; paidAt: number | null } => {
    if (dead) return { status: 'void', paidAt: null };
    const onAcceptance = kind === 'charge' || (kind === 'service_fee' && booker === 'guest');
    if (acceptedAt !== null && onAcceptance) return { status: 'paid', paidAt: acceptedAt };
    if (status === 'completed') return { status: 'paid', paidAt: endedAt };
    return { status: 'pending', paidAt: null };
  };
  const chargeId = `pi_local_large_${id}`;
  const ledger: { side: ProfileSide; direction: string; kind: LedgerKind; amount: number }[] = [
    { side: booker, direction: 'outgoing', kind: 'charge', amount: price.cardAmount },
    { side: 'guest', direction: 'outgoing', kind: 'service_fee', amount: price.split.serviceFee },
    { side: invitee, direction: 'incoming', kind: 'payout', amount: price.split.payee },
  ];
  for (const row of ledger) {
    if (row.amount === 0) continue;
    const state = ledgerOf(row.kind);
    rows.payments.push({
      booking_id: id,
      ...row,
      status: state.status,
      provider_reference: row.kind === 'charge' ? chargeId : null,
      paid_at: iso(state.paidAt),
      payee_user_id: row.kind === 'payout' && status === 'completed' ? userOf(invitee) : null,
      created_at: iso(created),
    });
  }
  if (price.cardAmount > 0) {
    const card = ledgerOf('charge');
    rows.charges.push({
      id: chargeId,
      user_id: userOf(booker),
      idempotency_key: `large:${id}`,
      amount: price.cardAmount,
      currency: 'usd',
      payment_method_id: 'pm_card_visa',
      description: `Booking #${id}`,
      status: { pending: 'requires_capture', paid: 'succeeded', void: 'canceled' }[card.status],
      captured_at: iso(card.paidAt),
      released_at: card.status === 'void' ? iso(endedAt) : null,
      created_at: iso(created),
    });
    const booking = rows.bookings[rows.bookings.length - 1]!;
    booking.payment_status = { pending: 'authorized', paid: 'paid', void: 'void' }[card.status];
  }
}

/**
 * Adds `count` bookings between the large catalogue's public profiles, unless they are there
 * already (then null). Needs seedLargeCatalogue first.
 */
export async function seedLargeBookings(
  db: DB,
  {
    count = LARGE_BOOKINGS_SIZE,
    seed = LARGE_BOOKINGS_SEED,
    now = new Date(),
  }: { count?: number; seed?: number; now?: Date } = {},
): Promise<LargeBookingsResult | null> {
  const started = Date.now();
  const existing = await db
    .selectFrom('bookings')
    .select('id')
    .where('idempotency_key', 'like', `${KEY_PREFIX}%`)
    .limit(1)
    .executeTakeFirst();
  if (existing) return null;
  const [guests, shows, options, last] = await Promise.all([
    largeProfiles(db, 'guest_profiles'),
    largeProfiles(db, 'show_profiles'),
    db.selectFrom('booking_options').select(['id', 'slug']).execute(),
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
  ]);
  if (guests.length === 0 || shows.length === 0) {
    throw new Error('Seed the large catalogue first: its profiles make the bookings.');
  }
  const optionId = (slug: string) => {
    const id = options.find((option) => option.slug === slug)?.id;
    if (id === undefined) throw new Error(`Unknown booking option ${slug}`);
    return id;
  };
  const anchor = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const ctx: Context = {
    random: createRandom(seed),
    now: now.getTime(),
    anchor,
    options: { interview: optionId('virtual-interview'), appearance: optionId('guest-appearance') },
    taken: new Map(),
    rows: { bookings: [], activities: [], payments: [], charges: [], times: [] },
  };
  const busy = (profiles: Profile[]) =>
    profiles.slice(0, Math.min(BUSY_PROFILES_PER_SIDE, Math.ceil(profiles.length / 2)));
  const [busyGuests, busyShows] = [busy(guests), busy(shows)];
  const firstId = Number(last?.id ?? 0) + 1;
  for (let index = 0; index < count; index += 1) {
    // Half the bookings have a busy guest, half a busy show (a quarter both).
    const guest = ctx.random.pick(ctx.random.chance(0.5) ? busyGuests : guests);
    const show = ctx.random.chance(EXPORT_SHOW_SHARE)
      ? shows[0]!
      : ctx.random.pick(ctx.random.chance(0.5) ? busyShows : shows);
    addBooking(ctx, firstId + index, guest, show);
  }

  const { rows } = ctx;
  await db.transaction().execute(async (trx) => {
    // History tells nobody (the outbox, live-event and reputation triggers skip it).
    await sql`select set_config('guestspot.seeding', 'on', true)`.execute(trx);
    await insertRows(trx, 'bookings', BOOKING_COLUMNS, rows.bookings);
    await sql`select setval(pg_get_serial_sequence('bookings', 'id'), (select max(id) from bookings))`.execute(
      trx,
    );
    await insertRows(trx, 'booking_activities', ACTIVITY_COLUMNS, rows.activities);
    await insertRows(trx, 'local_charges', CHARGE_COLUMNS, rows.charges);
    await insertRows(trx, 'booking_payments', PAYMENT_COLUMNS, rows.payments);
    await insertRows(trx, 'guest_confirmed_times', TIME_COLUMNS, rows.times);
    // The requests' answer times, once (the per-activity trigger skipped the history).
    await sql`select refresh_profile_reputation(${now})`.execute(trx);
  });
  await sql`analyze`.execute(db);
  return {
    bookings: rows.bookings.length,
    activities: rows.activities.length,
    payments: rows.payments.length,
    seconds: (Date.now() - started) / 1000,
  };
}
