import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { LIST_STATUS_LABELS, listStatusOf } from '../../booking-list-facts';
import type { DB } from '../../db/database';
import type { AuthUser } from '../auth/require-user';
import { zoneOf } from './list-query';
import { inScope, listedSide, rolesOn, viewerScope, type ViewerScope } from './list-scope';
import { BOOKING_COLUMNS, bookingsWithProfiles, toBooking } from './queries';

// GET /bookings/export → bookings.csv (booking-management… §2, §7; decision 117): every booking
// the list shows the viewer, newest order number first, read in batches by keyset (id < last) and
// written as they come, so ten thousand rows never sit in memory and no connection is held
// between batches (PGlite has one). RFC 4180 quoting; a cell that a spreadsheet would run as a
// formula is written as text.

/** Rows read per query. */
export const EXPORT_BATCH_SIZE = 500;

/** The CSV's columns, in order. */
export const EXPORT_COLUMNS = [
  'Order number',
  'Status',
  'Counterpart',
  'Guest',
  'Show',
  'Booked by',
  'Type',
  'Interview date',
  'Time zone',
  'Duration (minutes)',
  'Price (USD)',
  'Created',
] as const;

/** Excel reads a file without a byte order mark as the machine's code page, not UTF-8. */
const BOM = '\uFEFF';
const EOL = '\r\n';

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break (quotes doubled); text
 * starting with = + - @ or a tab/carriage return is prefixed with ' (OWASP CSV injection).
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null)[]) =>
  cells.map(csvCell).join(',') + EOL;

/** Cents as the row shows them, without the symbol: 12550 → '125.50'. */
export const dollars = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const when = (date: Date | null, zone: string) =>
  date === null ? null : DateTime.fromJSDate(date, { zone }).toFormat('yyyy-MM-dd HH:mm');

function batchOf(db: DB, scope: ViewerScope, before: number | null) {
  let query = bookingsWithProfiles(db).where(inScope(scope));
  if (before !== null) query = query.where('b.id', '<', before);
  return query
    .select([
      ...BOOKING_COLUMNS,
      'b.guest_profile_id',
      'b.show_profile_id',
      'b.interview_duration',
      'b.scheduled_without_date',
    ])
    .orderBy(sql`b.id desc`)
    .limit(EXPORT_BATCH_SIZE)
    .execute();
}

type ExportRow = Awaited<ReturnType<typeof batchOf>>[number];

function exportLine(row: ExportRow, scope: ViewerScope, zone: string): string {
  const { side, bookedBy } = listedSide(rolesOn(scope, row), row.initiator);
  const booking = toBooking(row, side);
  return csvLine([
    `#000${row.id}`,
    LIST_STATUS_LABELS[listStatusOf(row)],
    booking.counterpart.name,
    row.guest_name,
    row.show_name,
    bookedBy === 'me' ? 'Me' : 'Others',
    row.is_pitch ? 'Pitch' : 'Interview',
    when(row.booking_date, zone),
    zone,
    row.interview_duration,
    dollars(row.price),
    when(row.created_at, zone),
  ]);
}

/** The file, a batch of lines at a time (the first chunk is the header). */
export async function* bookingsCsv(db: DB, viewer: AuthUser): AsyncGenerator<string> {
  const zone = zoneOf(viewer);
  const scope = await viewerScope(db, viewer);
  yield BOM + csvLine(EXPORT_COLUMNS);
  let before: number | null = null;
  for (;;) {
    const rows = await batchOf(db, scope, before);
    if (rows.length > 0) yield rows.map((row) => exportLine(row, scope, zone)).join('');
    if (rows.length < EXPORT_BATCH_SIZE) return;
    before = rows[rows.length - 1]!.id;
  }
}
