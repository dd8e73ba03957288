import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { BookingListItem, Paginated, User } from '../../contract';
import { addToTeam, insertBooking, makeAccount } from '../../test/booking-list';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { liveCounts } from '../live/counts';
import { bookingsCsv, csvCell, EXPORT_BATCH_SIZE, EXPORT_COLUMNS } from './export';

// GET /bookings/export (bookings.csv, streamed) and PATCH /bookings/see-bookings with the
// new-bookings badge it clears (booking-management… §2, §7; decision 117).

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof makeAccount>>;
let client: TestClient;
let member: Awaited<ReturnType<typeof makeAccount>>;
const ids: Record<string, number> = {};

before(async () => {
  ctx = await startTestApp();
  owner = await makeAccount(ctx.db, 'Olga Export', {
    guest: 'Olga Guest',
    show: 'Olga Show',
    timezone: 'America/New_York',
  });
  const other = await makeAccount(ctx.db, 'Quinn Other', {
    show: 'Quote "Q", Comma',
    guest: '=HYPERLINK("http://x")',
  });
  member = await makeAccount(ctx.db, 'Mia Member');
  await addToTeam(ctx.db, owner.userId, member.userId, 'agency');
  ids.dated = await insertBooking(ctx.db, {
    guest_profile_id: owner.guestId!,
    show_profile_id: other.showId!,
    initiator: 'guest',
    status: 'scheduled',
    price: 12550,
    interview_duration: 45,
    booking_date: new Date('2031-07-04T18:30:00Z'),
    created_at: new Date('2031-06-01T12:00:00Z'),
  });
  ids.pitch = await insertBooking(ctx.db, {
    guest_profile_id: other.guestId!,
    show_profile_id: owner.showId!,
    initiator: 'guest',
    status: 'pending',
    is_pitch: true,
    price: 0,
    interview_duration: null,
    created_at: new Date('2031-06-02T12:00:00Z'),
    show_seen_at: null,
  });
  ids.newAccepted = await insertBooking(ctx.db, {
    guest_profile_id: owner.guestId!,
    show_profile_id: other.showId!,
    initiator: 'show',
    status: 'accepted',
    guest_seen_at: null,
  });
  // unseen, but over: the badge does not count it (spec §7: pending, accepted, scheduled)
  ids.newCanceled = await insertBooking(ctx.db, {
    guest_profile_id: owner.guestId!,
    show_profile_id: other.showId!,
    initiator: 'show',
    status: 'canceled',
    guest_seen_at: null,
  });
  client = await signedIn(ctx.app, owner.email);
});
after(() => ctx.close());

/** RFC 4180 read back: rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  assert.equal(cell + row.join(''), '', 'the file ends with a line break');
  return rows;
}

describe('csvCell', () => {
  it('quotes what needs it and keeps formulas as text', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(30), '30');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
    assert.equal(csvCell('=1+1'), "'=1+1");
    assert.equal(csvCell('+1'), "'+1");
    assert.equal(csvCell('-1'), "'-1");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('=A1,B1'), `"'=A1,B1"`);
  });
});

describe('GET /bookings/export', () => {
  it('downloads bookings.csv with every column, in the viewer’s zone', async () => {
    const response = await client.get('/api/v1/bookings/export');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.equal(response.headers['content-disposition'], 'attachment; filename="bookings.csv"');
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.ok(response.body.startsWith('\uFEFF'), 'a UTF-8 byte order mark for spreadsheets');
    const [header, ...rows] = parseCsv(response.body.slice(1));
    assert.deepEqual(header, [...EXPORT_COLUMNS]);
    assert.deepEqual(
      rows.map((row) => row[0]),
      [ids.newCanceled, ids.newAccepted, ids.pitch, ids.dated].map((id) => `#000${id}`),
      'newest order number first',
    );
    const byNumber = new Map(rows.map((row) => [row[0], row]));
    assert.deepEqual(byNumber.get(`#000${ids.dated}`), [
      `#000${ids.dated}`,
      'Confirmed',
      'Quote "Q", Comma',
      'Olga Guest',
      'Quote "Q", Comma',
      'Me',
      'Interview',
      '2031-07-04 14:30',
      'America/New_York',
      '45',
      '125.50',
      '2031-06-01 08:00',
    ]);
    assert.deepEqual(byNumber.get(`#000${ids.pitch}`), [
      `#000${ids.pitch}`,
      'Pending',
      `'=HYPERLINK("http://x")`,
      `'=HYPERLINK("http://x")`,
      'Olga Show',
      'Others',
      'Pitch',
      '',
      'America/New_York',
      '',
      '0.00',
      '2031-06-02 08:00',
    ]);
    assert.equal(byNumber.get(`#000${ids.newCanceled}`)?.[1], 'Canceled');
    assert.equal(byNumber.get(`#000${ids.newAccepted}`)?.[1], 'Accepted');
  });

  it('gives a team member their owner’s file; a stranger only a header', async () => {
    const agent = await signedIn(ctx.app, member.email);
    const rows = parseCsv((await agent.get('/api/v1/bookings/export')).body.slice(1));
    assert.equal(rows.length, 5);
    const stranger = await makeAccount(ctx.db, 'Sam Stranger', { show: 'Nobody Show' });
    const body = (await (await signedIn(ctx.app, stranger.email)).get('/api/v1/bookings/export'))
      .body;
    assert.deepEqual(parseCsv(body.slice(1)), [[...EXPORT_COLUMNS]]);
  });

  it('streams ten thousand rows a batch at a time', async () => {
    const heavy = await makeAccount(ctx.db, 'Hana Heavy', { show: 'Heavy Show' });
    const other = await makeAccount(ctx.db, 'Gus Guest', { guest: 'Gus Guest' });
    await sql`
      insert into bookings (guest_profile_id, show_profile_id, initiator, status, price,
        booking_date, proposed_dates, guest_seen_at, show_seen_at)
      select ${other.guestId}, ${heavy.showId}, 'show', 'scheduled', n,
        timestamptz '2031-01-01' + n * interval '1 hour', '[]', now(), now()
      from generate_series(1, 10000) as n
    `.execute(ctx.db);
    const viewer = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', heavy.userId)
      .executeTakeFirstOrThrow();
    // The generator yields the header, then one chunk per batch read: nothing is read ahead.
    const chunks: number[] = [];
    let heapPeak = 0;
    for await (const chunk of bookingsCsv(ctx.db, viewer)) {
      chunks.push(chunk.split('\r\n').length - 1);
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }
    assert.equal(chunks.length, 1 + 10_000 / EXPORT_BATCH_SIZE);
    assert.ok(chunks.slice(1).every((lines) => lines === EXPORT_BATCH_SIZE));
    const response = await (await signedIn(ctx.app, heavy.email)).get('/api/v1/bookings/export');
    const rows = parseCsv(response.body.slice(1));
    assert.equal(rows.length, 10_001);
    assert.equal(new Set(rows.slice(1).map((row) => row[0])).size, 10_000);
    console.log(`export of 10,000 rows: heap peak ${(heapPeak / 2 ** 20).toFixed(0)} MiB`);
  });
});

describe('the new-bookings badge and PATCH /bookings/see-bookings', () => {
  const badge = async (as: TestClient) =>
    ((await as.get('/api/v1/users/me')).json() as { data: User }).data.new_bookings_count;

  it('counts unseen pending, accepted and scheduled bookings, as the live counts do', async () => {
    assert.equal(await badge(client), 2, 'the pitch (show side) and the accepted one');
    assert.equal((await liveCounts(ctx.db, owner.userId)).new_bookings, 2);
  });

  it('answers 401 to a visitor', async () => {
    const visitor = new TestClient(ctx.app);
    const response = await visitor.request('PATCH', '/api/v1/bookings/see-bookings');
    assert.equal(response.statusCode, 401);
  });

  it('a team member’s visit leaves the owner’s badge alone', async () => {
    const agent = await signedIn(ctx.app, member.email);
    const response = await agent.request('PATCH', '/api/v1/bookings/see-bookings');
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { data: { new_bookings_count: 0 } });
    assert.equal(await badge(client), 2);
  });

  it('clears the badge and the rows’ new flags on both sides', async () => {
    const before: Paginated<BookingListItem> = (await client.get('/api/v1/bookings')).json();
    assert.ok(before.data.some((row) => row.is_new));
    const response = await client.request('PATCH', '/api/v1/bookings/see-bookings');
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { data: { new_bookings_count: 0 } });
    assert.equal(await badge(client), 0);
    assert.equal((await liveCounts(ctx.db, owner.userId)).new_bookings, 0);
    const after: Paginated<BookingListItem> = (await client.get('/api/v1/bookings')).json();
    assert.ok(after.data.every((row) => !row.is_new));
    // the other side's flags are theirs
    const theirs = await ctx.db
      .selectFrom('bookings')
      .select('show_seen_at')
      .where('id', '=', ids.newAccepted!)
      .executeTakeFirstOrThrow();
    assert.notEqual(theirs.show_seen_at, null, 'seeded as seen');
  });
});
