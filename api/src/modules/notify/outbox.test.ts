import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../app';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
} from '../../test/harness';
import type { Mailer, MailMessage } from '../mail/mailer';
import { drainOutbox, MAX_ATTEMPTS, type OutboxDeps } from './outbox';
import { act, bookInterview } from '../../test/bookings';
import { emailsAfter, lastEmailId, sent, winterMonth } from './testing';

// The activity outbox (migration 040, decision 112): rows written with the activity, sent once
// by any number of workers, retried after a failure without holding the others up, and nothing
// lost when no worker ran. On PostgreSQL (CI's second run) the two workers below use separate
// pool connections at the same time; on PGlite their queries interleave on its one connection.

let ctx: TestContext;
let other: FastifyInstance;
let sofia: TestClient;
let maya: TestClient;
let priya: TestClient;
let mayaGuest: number;
let priyaGuest: number;
let morningShow: number;

const MONTH = winterMonth();
let hour = 0;
/** A fresh hour of MONTH's 10th, 11th… (proposals and confirmed times never overlap here). */
const slot = () => {
  hour += 1;
  return new Date(Date.UTC(MONTH.year, MONTH.month, 10 + Math.floor(hour / 20), hour % 20));
};

before(async () => {
  ctx = await startTestApp();
  // A second API instance on the same database, as a second process would be.
  other = await buildApp({
    db: ctx.db,
    events: ctx.events,
    config: { sessionSecret: 'test-secret', outboxPollMs: 0, bookingLimitScale: 1000 },
  });
  await other.ready();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(maya, mayaGuest);
  await openAvailability(priya, priyaGuest);
  // One email per told owner here: pro@'s agency member would get copies (decision 113's team
  // emails, emails.test.ts's concern), so the team's emails are off in this file.
  await ctx.db.updateTable('team_members').set({ email_notifications: false }).execute();
});
after(async () => {
  await other.close();
  await ctx.close();
});

async function pendingRows() {
  return ctx.db
    .selectFrom('activity_outbox')
    .selectAll()
    .where('done_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The booking's rows; the strip's ('notification', decision 113) only when asked. */
async function rowsOf(bookingId: number, { strip = false } = {}) {
  return ctx.db
    .selectFrom('activity_outbox as o')
    .innerJoin('booking_activities as a', 'a.id', 'o.activity_id')
    .select(['o.id', 'a.type', 'o.consumer', 'o.attempts', 'o.done_at', 'o.gave_up_at'])
    .select(['o.last_error', 'o.run_after'])
    .where('a.booking_id', '=', bookingId)
    .$if(!strip, (query) => query.where('o.consumer', '!=', 'notification'))
    .orderBy('o.id')
    .execute();
}

/**
 * Sets the strip's rows (migration 042, decision 113) aside as done: these tests count the rows
 * of 040's consumers; notifications/notifications.test.ts runs the strip's.
 */
async function setStripAside() {
  await ctx.db
    .updateTable('activity_outbox')
    .set({ done_at: sql`now()` })
    .where('consumer', '=', 'notification')
    .where('done_at', 'is', null)
    .execute();
}

/** A mailer standing in for SMTP: records what it sends, slowly, or fails for one address. */
function smtpStandIn({ failFor, delayMs = 0 }: { failFor?: string; delayMs?: number } = {}) {
  const sentMessages: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (message.to === failFor) throw new Error('SMTP server unavailable');
      sentMessages.push(message);
    },
  };
  return { mailer, sentMessages };
}

const withMailer = (app: FastifyInstance, mailer: Mailer): OutboxDeps => ({
  db: app.db,
  config: app.config,
  log: app.log,
  mailer,
});

describe('the outbox rows', () => {
  it('the seed leaves none: its past activities tell nobody on a fresh start', async () => {
    const activities = await ctx.db
      .selectFrom('booking_activities')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    assert.ok(Number(activities.n) > 0, 'the seed has activities');
    const rows = await ctx.db.selectFrom('activity_outbox').select('id').execute();
    assert.deepEqual(rows, []);
    assert.equal(await drainOutbox(ctx.app), 0);
  });

  it('are written with the activity: an email for the order (its proposals inside), none else', async () => {
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot(), slot()]);
    const rows = await rowsOf(id, { strip: true });
    assert.deepEqual(
      rows.map((row) => [row.type, row.consumer, row.done_at]),
      [
        ['order-started', 'notification', null],
        ['order-started', 'email', null],
      ],
    );
    await act(maya, id, 'accept');
    assert.deepEqual(
      (await rowsOf(id, { strip: true })).map((row) => [row.type, row.consumer]),
      [
        ['order-started', 'notification'],
        ['order-started', 'email'],
        ['accepted', 'notification'],
        ['accepted', 'email'],
      ],
    );
    await drainOutbox(ctx.app);
  });
});

describe('two workers at once', () => {
  it('send every email exactly once (outbox mailer: stored with the row marked done)', async () => {
    const from = await lastEmailId(ctx.db);
    for (const guest of [mayaGuest, priyaGuest, mayaGuest, priyaGuest]) {
      await bookInterview(ctx.db, sofia, guest, morningShow, [slot()]);
    }
    const start = slot();
    const dated = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [start]);
    await act(priya, dated, 'confirm', { confirmed_date: sent(start) });
    const pending = await pendingRows();
    assert.ok(pending.length >= 7, `rows to run: ${pending.length}`);

    const [a, b] = await Promise.all([drainOutbox(ctx.app), drainOutbox(other)]);
    assert.equal(a + b, pending.length);
    const ids = pending.map((row) => row.id);
    const after_ = await ctx.db
      .selectFrom('activity_outbox')
      .select(['id', 'attempts', 'done_at'])
      .where('id', 'in', ids)
      .execute();
    for (const row of after_) {
      assert.ok(row.done_at, `row ${row.id} done`);
      assert.equal(row.attempts, 1, `row ${row.id} claimed once`);
    }
    const emails = await emailsAfter(ctx.db, from);
    // 5 new requests, and the date to both sides (its "accepted" says nothing of its own)
    assert.equal(emails.length, 7);
    const keys = emails.map((email) => `${email.to}|${email.subject}|${email.text}`);
    assert.equal(new Set(keys).size, keys.length, 'no email twice');
  });

  it('send every email exactly once while sending takes time (SMTP: sent while claimed)', async () => {
    for (const guest of [mayaGuest, priyaGuest, mayaGuest, priyaGuest, mayaGuest]) {
      await bookInterview(ctx.db, sofia, guest, morningShow, [slot()]);
    }
    await setStripAside();
    const pending = await pendingRows();
    const first = smtpStandIn({ delayMs: 15 });
    const second = smtpStandIn({ delayMs: 15 });
    const [a, b] = await Promise.all([
      drainOutbox(withMailer(ctx.app, first.mailer)),
      drainOutbox(withMailer(other, second.mailer)),
    ]);
    assert.equal(a + b, pending.length);
    // each worker claims while the other is sending: they really ran side by side
    assert.ok(a > 0 && b > 0, `both worked: ${a} + ${b}`);
    const all = [...first.sentMessages, ...second.sentMessages];
    assert.equal(all.length, pending.length, 'one email per new request');
    assert.equal(new Set(all.map((message) => message.text)).size, all.length, 'none twice');
    assert.deepEqual(await pendingRows(), []);
  });
});

describe('a failure', () => {
  it('is tried again later, without holding the other rows up', async () => {
    const failing = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot()]);
    const fine = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [slot()]);
    await setStripAside();
    const smtp = smtpStandIn({ failFor: 'guest@guestspot.test' });
    assert.equal(await drainOutbox(withMailer(ctx.app, smtp.mailer)), 2);
    assert.deepEqual(
      smtp.sentMessages.map((message) => message.to),
      ['pro@guestspot.test'],
      'the other row went out',
    );
    assert.ok((await rowsOf(fine))[0]!.done_at);
    const [row] = await rowsOf(failing);
    assert.equal(row!.done_at, null);
    assert.equal(row!.attempts, 1);
    assert.equal(row!.last_error, 'Error: SMTP server unavailable');
    assert.ok(row!.run_after.getTime() > Date.now() + 20_000, 'retried after a backoff');

    assert.equal(await drainOutbox(ctx.app), 0, 'not due yet');
    await ctx.db
      .updateTable('activity_outbox')
      .set({ run_after: sql`now() - interval '1 second'` })
      .where('id', '=', row!.id)
      .execute();
    const from = await lastEmailId(ctx.db);
    assert.equal(await drainOutbox(ctx.app), 1);
    const emails = await emailsAfter(ctx.db, from);
    assert.deepEqual(
      emails.map((email) => email.to),
      ['guest@guestspot.test'],
    );
    const [retried] = await rowsOf(failing);
    assert.ok(retried!.done_at);
    assert.equal(retried!.attempts, 2);
  });

  it(`is given up after ${MAX_ATTEMPTS} tries, its last error kept`, async () => {
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot()]);
    await setStripAside();
    const [row] = await rowsOf(id);
    await ctx.db
      .updateTable('activity_outbox')
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where('id', '=', row!.id)
      .execute();
    const smtp = smtpStandIn({ failFor: 'guest@guestspot.test' });
    assert.equal(await drainOutbox(withMailer(ctx.app, smtp.mailer)), 1);
    const [given] = await rowsOf(id);
    assert.ok(given!.gave_up_at);
    assert.equal(given!.done_at, null);
    assert.equal(given!.attempts, MAX_ATTEMPTS);
    assert.equal(given!.last_error, 'Error: SMTP server unavailable');
    await ctx.db
      .updateTable('activity_outbox')
      .set({ run_after: sql`now() - interval '1 second'` })
      .where('id', '=', row!.id)
      .execute();
    assert.equal(await drainOutbox(ctx.app), 0, 'never tried again');
  });

  it('a row whose worker died on every try is given up too, not claimed for ever', async () => {
    const id = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [slot()]);
    await setStripAside();
    const [row] = await rowsOf(id);
    // what the last of MAX_ATTEMPTS claims leaves once its lease is over
    await ctx.db
      .updateTable('activity_outbox')
      .set({ attempts: MAX_ATTEMPTS, run_after: sql`now() - interval '1 second'` })
      .where('id', '=', row!.id)
      .execute();
    assert.equal(await drainOutbox(ctx.app), 0);
    const [given] = await rowsOf(id);
    assert.ok(given!.gave_up_at);
    assert.equal(given!.last_error, 'Its worker stopped while running it.');
  });
});

describe('a crash', () => {
  it('between the booking’s commit and the send loses nothing: the next drain sends it', async () => {
    const from = await lastEmailId(ctx.db);
    // The booking commits; this process "dies" before any worker runs.
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot()]);
    await setStripAside();
    const restarted = await buildApp({
      db: ctx.db,
      config: { sessionSecret: 'test-secret', outboxPollMs: 0 },
    });
    try {
      assert.equal(await drainOutbox(restarted), 1);
    } finally {
      await restarted.close();
    }
    const emails = await emailsAfter(ctx.db, from);
    assert.equal(emails.length, 1);
    assert.ok(emails[0]!.text.includes(`/bookings/${id}`));
  });

  it('while sending (claimed, never finished) is sent again once the claim’s lease is over', async () => {
    const id = await bookInterview(ctx.db, sofia, priyaGuest, morningShow, [slot()]);
    await setStripAside();
    const [row] = await rowsOf(id);
    // What a worker that died mid-send leaves: claimed once, its lease now over.
    await ctx.db
      .updateTable('activity_outbox')
      .set({ attempts: 1, run_after: sql`now() - interval '1 second'` })
      .where('id', '=', row!.id)
      .execute();
    const from = await lastEmailId(ctx.db);
    assert.equal(await drainOutbox(other), 1);
    assert.equal((await emailsAfter(ctx.db, from)).length, 1);
    const [done] = await rowsOf(id);
    assert.ok(done!.done_at);
    assert.equal(done!.attempts, 2);
  });

  it('a claim still held by a live worker is left alone', async () => {
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot()]);
    await setStripAside();
    const [row] = await rowsOf(id);
    await ctx.db
      .updateTable('activity_outbox')
      .set({ attempts: 1, run_after: sql`now() + interval '4 minutes'` })
      .where('id', '=', row!.id)
      .execute();
    assert.equal(await drainOutbox(other), 0);
    await ctx.db
      .updateTable('activity_outbox')
      .set({ run_after: sql`now()` })
      .where('id', '=', row!.id)
      .execute();
    assert.equal(await drainOutbox(ctx.app), 1);
  });
});

describe('a serving API process', () => {
  it('runs the worker itself, woken at once by a new activity (NOTIFY), stopped on close', async () => {
    const serving = await buildApp({
      db: ctx.db,
      events: ctx.events,
      // A poll too slow to matter here: the wake-up is what sends the email.
      config: { sessionSecret: 'test-secret', outboxPollMs: 60_000 },
    });
    await serving.listen({ port: 0, host: '127.0.0.1' });
    try {
      await drainOutbox(ctx.app);
      // Twice: the second long after the worker's first drain and its listening began.
      for (const guest of [mayaGuest, priyaGuest]) {
        const from = await lastEmailId(ctx.db);
        const id = await bookInterview(ctx.db, sofia, guest, morningShow, [slot()]);
        const deadline = Date.now() + 10_000;
        let emails = await emailsAfter(ctx.db, from);
        while (emails.length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          emails = await emailsAfter(ctx.db, from);
        }
        assert.equal(emails.length, 1);
        assert.ok(emails[0]!.text.includes(`/bookings/${id}`));
      }
    } finally {
      await serving.close();
    }
  });
});
