import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  userIdOf,
  type TestContext,
} from '../../test/harness';
import { expireOverdueBookings } from '../bookings/actions';
import type { NotifyContext } from './context';
import { activityEmails, formatTime } from './emails';
import { drainOutbox } from './outbox';
import { act, bookInterview } from '../../test/bookings';
import {
  dayOf,
  emailsAfter,
  icsTime,
  lastEmailId,
  parseIcs,
  sent,
  type StoredEmail,
  winterMonth,
} from './testing';

// Each booking activity tells the right people (decision 112): who, the subject, the link, the
// times in the reader's time zone, and the calendar invitation when the date is set, moved or
// withdrawn. Bookings and actions go through the HTTP routes; the outbox is drained by hand.

let ctx: TestContext;
let sofia: TestClient; // show@: Morning Momentum
let maya: TestClient; // guest@: Maya Brooks
let mayaGuest: number;
let morningShow: number;
let appUrl: string;
let before_: number;

const MAYA = 'guest@guestspot.test';
const SOFIA = 'show@guestspot.test';
/** A winter month ahead: standard time in Paris (UTC+1) and California (UTC-8). */
const MONTH = winterMonth();
/** How the emails write `day` of MONTH at `time`. */
const on = (dayOfMonth: number, time: string) => dayOf(MONTH, dayOfMonth, time);
let day = 2;
/** MONTH's `dayOfMonth` (else the next unused day from the 3rd) at `hour`:00 UTC. */
function slot(hour: number, dayOfMonth?: number): Date {
  return new Date(Date.UTC(MONTH.year, MONTH.month, dayOfMonth ?? (day += 1), hour));
}

before(async () => {
  ctx = await startTestApp();
  appUrl = ctx.app.config.appUrl;
  sofia = await signedIn(ctx.app, SOFIA);
  maya = await signedIn(ctx.app, MAYA);
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(maya, mayaGuest);
  // Two readers, two zones: the guest in Paris (UTC+1 in winter), the show in California (UTC-8).
  await ctx.db
    .updateTable('users')
    .set({ timezone: 'Europe/Paris' })
    .where('email', '=', MAYA)
    .execute();
  await ctx.db
    .updateTable('users')
    .set({ timezone: 'US/Pacific' })
    .where('email', '=', SOFIA)
    .execute();
  await drainOutbox(ctx.app);
});
after(() => ctx.close());

beforeEach(async () => {
  before_ = await lastEmailId(ctx.db);
});

/** Tells people now; the emails stored since the test began. */
async function told(): Promise<StoredEmail[]> {
  await drainOutbox(ctx.app);
  return emailsAfter(ctx.db, before_);
}

const to = (emails: StoredEmail[], address: string) =>
  emails.filter((email) => email.to === address);

function only(emails: StoredEmail[], address: string): StoredEmail {
  const mine = to(emails, address);
  assert.equal(mine.length, 1, `one email to ${address}: ${JSON.stringify(emails, null, 1)}`);
  return mine[0]!;
}

const invitation = (email: StoredEmail) => {
  assert.equal(email.attachments.length, 1);
  const [file] = email.attachments;
  assert.equal(file!.filename, 'invite.ics');
  return { contentType: file!.content_type, ics: parseIcs(file!.content) };
};

describe('a new request', () => {
  it('tells the invitee, with the proposals and the answer deadline in their time zone', async () => {
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [
      slot(14, 2),
      slot(9, 3),
    ]);
    const emails = await told();
    assert.deepEqual(
      emails.map((email) => email.to),
      [MAYA],
      'one email, to the invitee only (the proposals are part of it)',
    );
    const email = emails[0]!;
    assert.equal(email.subject, 'Morning Momentum would like to interview you');
    assert.match(email.text, /^Hi Maya,/);
    assert.match(
      email.text,
      /Morning Momentum sent you a booking request on Guestspot \(\$[\d,.]+\)\./,
    );
    assert.ok(email.text.includes(`- ${on(2, '3:00 PM')}\n- ${on(3, '10:00 AM')}`), email.text);
    const booking = await ctx.db
      .selectFrom('bookings')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const deadline = formatTime(booking.expires_at!, 'Europe/Paris');
    assert.notEqual(deadline, formatTime(booking.expires_at!, 'UTC'));
    assert.ok(
      email.text.includes(
        `Answer by ${deadline} or this request expires and the hold is released.`,
      ),
      email.text,
    );
    assert.ok(email.text.includes(`${appUrl}/bookings/${id}`));
    assert.ok(email.text.includes('Times are in your time zone (Europe/Paris)'));
    assert.deepEqual(email.attachments, []);
  });
});

describe('answering a request', () => {
  it('accepted: the initiator is told', async () => {
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot(14)]);
    await drainOutbox(ctx.app);
    before_ = await lastEmailId(ctx.db);
    await act(maya, id, 'accept');
    const emails = await told();
    const email = only(emails, SOFIA);
    assert.equal(emails.length, 1);
    assert.equal(email.subject, 'Maya Brooks accepted your booking request');
    assert.ok(email.text.includes(`${appUrl}/bookings/${id}`));
  });

  it('rejected: the initiator is told, with the reason', async () => {
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot(14)]);
    await drainOutbox(ctx.app);
    before_ = await lastEmailId(ctx.db);
    await act(maya, id, 'reject', { reason: 'Fully booked this month.' });
    const emails = await told();
    assert.equal(emails.length, 1);
    const email = only(emails, SOFIA);
    assert.equal(email.subject, 'Maya Brooks declined your booking request');
    assert.ok(email.text.includes('Their reason: “Fully booked this month.”'), email.text);
    assert.ok(email.text.includes(`${appUrl}/bookings/${id}`));
  });

  it('canceled while pending: the side that did not cancel is told, with the reason', async () => {
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot(14)]);
    await drainOutbox(ctx.app);
    before_ = await lastEmailId(ctx.db);
    await act(sofia, id, 'cancel', { reason: 'Our season ended early.' });
    const emails = await told();
    assert.equal(emails.length, 1);
    const email = only(emails, MAYA);
    assert.equal(email.subject, 'Morning Momentum canceled the booking');
    assert.ok(email.text.includes('Their reason: “Our season ended early.”'));
    assert.deepEqual(email.attachments, [], 'no date was agreed: no invitation to withdraw');
  });

  it('expired: both sides are told', async () => {
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot(14)]);
    await drainOutbox(ctx.app);
    before_ = await lastEmailId(ctx.db);
    const row = await ctx.db
      .selectFrom('bookings')
      .select('expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const later = new Date(row.expires_at!.getTime() + 60_000);
    await expireOverdueBookings({ db: ctx.db, payments: ctx.app.payments, now: () => later });
    const emails = await told();
    const mine = to(emails, MAYA).filter((email) => email.text.includes(`/bookings/${id}`));
    const theirs = to(emails, SOFIA).filter((email) => email.text.includes(`/bookings/${id}`));
    assert.equal(mine.length, 1);
    assert.equal(theirs.length, 1);
    assert.equal(mine[0]!.subject, 'The booking request from Morning Momentum expired');
    assert.equal(theirs[0]!.subject, 'Your booking request to Maya Brooks expired');
    assert.ok(theirs[0]!.text.includes(formatTime(row.expires_at!, 'US/Pacific')));
    assert.ok(theirs[0]!.text.includes('the hold on your card is released'));
  });
});

describe('settling the date', () => {
  let id: number;
  let uid: string;

  it('confirmed: both sides get "scheduled for" with the invitation (REQUEST, SEQUENCE 1)', async () => {
    const start = slot(14, 20);
    id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [start, slot(16, 20)]);
    await drainOutbox(ctx.app);
    before_ = await lastEmailId(ctx.db);
    // The guest picks a time of the pending request: her yes and the date at once.
    await act(maya, id, 'confirm', { confirmed_date: sent(start) });
    const emails = await told();
    assert.equal(emails.length, 2, 'no separate "accepted" email: the date says it');
    const mine = only(emails, MAYA);
    const theirs = only(emails, SOFIA);
    assert.equal(
      mine.subject,
      `Interview with Morning Momentum scheduled for ${on(20, '3:00 PM')}`,
    );
    assert.equal(theirs.subject, `Interview with Maya Brooks scheduled for ${on(20, '6:00 AM')}`);
    assert.ok(mine.text.includes(`${appUrl}/bookings/${id}`));
    for (const email of [mine, theirs]) {
      const { contentType, ics } = invitation(email);
      assert.equal(contentType, 'text/calendar; method=REQUEST');
      assert.equal(ics.method, 'REQUEST');
      assert.equal(ics.uid, `booking-${id}@guestspot`);
      assert.equal(ics.sequence, 1);
      assert.equal(ics.status, 'CONFIRMED');
      assert.equal(ics.dtstart, icsTime(start));
      assert.equal(ics.dtend, icsTime(new Date(start.getTime() + 30 * 60_000)));
      assert.equal(ics.summary, 'Interview: Maya Brooks on Morning Momentum');
      assert.equal(ics.attendees.length, 1);
      assert.ok(ics.attendees[0]!.includes(`mailto:${email.to}`));
    }
    uid = invitation(mine).ics.uid;
  });

  it('change-date: both sides get "changed to", same UID, SEQUENCE 2, the new DTSTART', async () => {
    const moved = slot(17, 21);
    await act(sofia, id, 'change-date', { confirmed_date: sent(moved) });
    const emails = await told();
    assert.equal(emails.length, 2);
    const theirs = only(emails, SOFIA);
    assert.equal(theirs.subject, `Interview with Maya Brooks moved to ${on(21, '9:00 AM')}`);
    const mine = only(emails, MAYA);
    assert.ok(mine.text.includes(`The interview date changed to ${on(21, '6:00 PM')}.`));
    const { ics } = invitation(mine);
    assert.equal(ics.uid, uid);
    assert.equal(ics.sequence, 2);
    assert.equal(ics.dtstart, icsTime(moved));
  });

  it('reschedule: the other side is asked, the agreed date kept', async () => {
    await act(maya, id, 'reschedule', { proposed_dates: [sent(slot(15, 22))] });
    const emails = await told();
    assert.equal(emails.length, 1);
    const email = only(emails, SOFIA);
    assert.equal(email.subject, 'Maya Brooks asked to reschedule the interview');
    assert.ok(email.text.includes(`- ${on(22, '7:00 AM')}`), email.text);
    assert.ok(email.text.includes(`stays on ${on(21, '9:00 AM')} until you confirm`));
  });

  it('canceled after a date: both sides, with the invitation withdrawn (CANCEL, SEQUENCE 3)', async () => {
    await act(sofia, id, 'cancel', { reason: 'The host is ill.' });
    const emails = await told();
    assert.equal(emails.length, 2);
    const mine = only(emails, MAYA);
    const theirs = only(emails, SOFIA);
    assert.equal(mine.subject, 'Morning Momentum canceled the booking');
    assert.ok(mine.text.includes('Their reason: “The host is ill.”'));
    assert.ok(mine.text.includes(`the interview on ${on(21, '6:00 PM')} will not take place`));
    assert.equal(theirs.subject, 'You canceled the interview with Maya Brooks');
    for (const email of [mine, theirs]) {
      const { contentType, ics } = invitation(email);
      assert.equal(contentType, 'text/calendar; method=CANCEL');
      assert.equal(ics.method, 'CANCEL');
      assert.equal(ics.status, 'CANCELLED');
      assert.equal(ics.uid, uid);
      assert.equal(ics.sequence, 3);
    }
  });
});

describe('before a date is agreed', () => {
  let id: number;
  before(async () => {
    id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [slot(14)]);
    await act(maya, id, 'accept');
    await drainOutbox(ctx.app);
  });

  it('proposed dates: the other side gets them in their own time zone', async () => {
    await act(sofia, id, 'propose-date', { proposed_dates: [sent(slot(14, 25))] });
    const emails = await told();
    assert.equal(emails.length, 1);
    const email = only(emails, MAYA);
    assert.equal(email.subject, 'Morning Momentum proposed interview times');
    assert.ok(email.text.includes(`- ${on(25, '3:00 PM')}`), email.text);
  });

  it('a scheduling link: the other side gets the link', async () => {
    await act(maya, id, 'scheduling-link', { url: 'https://cal.example.com/maya' });
    const emails = await told();
    assert.equal(emails.length, 1);
    const email = only(emails, SOFIA);
    assert.equal(email.subject, 'Maya Brooks shared a scheduling link');
    assert.ok(email.text.includes('https://cal.example.com/maya'));
    assert.ok(email.text.includes(`${appUrl}/bookings/${id}`));
  });
});

describe('who does not want booking emails', () => {
  it('gets none (users.email_notifications false); the other side still does', async () => {
    const sofiaId = await userIdOf(ctx.db, SOFIA);
    await ctx.db
      .updateTable('users')
      .set({ email_notifications: false })
      .where('id', '=', sofiaId)
      .execute();
    try {
      const start = slot(14, 27);
      const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [start]);
      await act(maya, id, 'confirm', { confirmed_date: sent(start) });
      const emails = await told();
      assert.equal(to(emails, SOFIA).length, 0);
      assert.equal(to(emails, MAYA).length, 2, 'the new request and the date');
      const pending = await ctx.db
        .selectFrom('activity_outbox')
        .select('id')
        .where('done_at', 'is', null)
        .execute();
      assert.deepEqual(pending, [], 'nothing left to send');
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ email_notifications: true })
        .where('id', '=', sofiaId)
        .execute();
    }
  });
});

describe('the team’s email notifications (decision 113)', () => {
  it('the owner’s Basic and Agency members with them on get the side’s emails, in their own zone; the rest do not', async () => {
    const BASIC = 'standard@guestspot.test';
    const AGENCY = 'agency@guestspot.test';
    const QUIET = 'terms@guestspot.test';
    const team = await ctx.db
      .insertInto('teams')
      .values({ owner_id: await userIdOf(ctx.db, SOFIA) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = async (email: string, role: 'admin' | 'agency', on: boolean) =>
      ctx.db
        .insertInto('team_members')
        .values({
          team_id: team.id,
          user_id: await userIdOf(ctx.db, email),
          role,
          email_notifications: on,
        })
        .execute();
    await member(BASIC, 'admin', true);
    await member(AGENCY, 'agency', true);
    await member(QUIET, 'admin', false);
    const { timezone } = await ctx.db
      .selectFrom('users')
      .select('timezone')
      .where('email', '=', BASIC)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('users')
      .set({ timezone: 'Asia/Tokyo' })
      .where('email', '=', BASIC)
      .execute();
    try {
      const start = slot(14);
      const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [start]);
      assert.deepEqual(
        (await told()).map((email) => email.to),
        [MAYA],
        'the request goes to the invitee’s side only: the team did not act and is not told',
      );
      before_ = await lastEmailId(ctx.db);
      await act(maya, id, 'accept');
      const emails = await told();
      assert.deepEqual(emails.map((email) => email.to).sort(), [AGENCY, BASIC, SOFIA].sort());
      const basic = only(emails, BASIC);
      assert.equal(basic.subject, 'Maya Brooks accepted your booking request');
      assert.ok(basic.text.includes(`${appUrl}/bookings/${id}`));

      before_ = await lastEmailId(ctx.db);
      await act(maya, id, 'confirm', { confirmed_date: sent(start) });
      const confirmed = await told();
      assert.deepEqual(
        confirmed.map((email) => email.to).sort(),
        [AGENCY, BASIC, MAYA, SOFIA].sort(),
        'a date agreed: both sides, the show’s team with them',
      );
      assert.ok(
        only(confirmed, BASIC).text.includes('Times are in your time zone (Asia/Tokyo)'),
        'each reader in their own zone',
      );
      assert.equal(
        invitation(only(confirmed, AGENCY)).contentType,
        'text/calendar; method=REQUEST',
      );

      // An agency member who acts for the owner is not told of their own act.
      const later = slot(15);
      await act(maya, id, 'reschedule', { proposed_dates: [sent(later)] });
      const agency = await signedIn(ctx.app, AGENCY);
      await drainOutbox(ctx.app);
      before_ = await lastEmailId(ctx.db);
      await act(agency, id, 'confirm', { confirmed_date: sent(later) });
      assert.deepEqual((await told()).map((email) => email.to).sort(), [BASIC, MAYA, SOFIA].sort());
    } finally {
      await ctx.db.deleteFrom('teams').where('id', '=', team.id).execute();
      await ctx.db.updateTable('users').set({ timezone }).where('email', '=', BASIC).execute();
    }
  });
});

describe('GET /dev/outbox', () => {
  it('shows an email’s invitation, so a developer can read it', async () => {
    const start = slot(10, 28);
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [start]);
    await act(maya, id, 'confirm', { confirmed_date: sent(start) });
    await drainOutbox(ctx.app);
    const response = await new TestClient(ctx.app).get(`/api/v1/dev/outbox?to=${MAYA}`);
    assert.equal(response.statusCode, 200);
    const [newest] = response.json().data;
    assert.ok(newest.text.includes(`/bookings/${id}`));
    assert.equal(newest.attachments.length, 1);
    assert.equal(newest.attachments[0].filename, 'invite.ics');
    assert.equal(newest.attachments[0].content_type, 'text/calendar; method=REQUEST');
    assert.equal(parseIcs(newest.attachments[0].content).uid, `booking-${id}@guestspot`);
  });
});

describe('formatTime', () => {
  it('writes a time in the reader’s zone, and in UTC when the zone is unknown', () => {
    const at = new Date('2027-01-05T14:00:00Z');
    assert.equal(formatTime(at, 'Europe/Paris'), 'Tue 5 Jan, 3:00 PM');
    assert.equal(formatTime(at, 'US/Central'), 'Tue 5 Jan, 8:00 AM');
    assert.equal(formatTime(at, 'Not/AZone'), 'Tue 5 Jan, 2:00 PM');
  });
});

describe('a pitch (the guest starts it)', () => {
  it('tells the show’s owner, named after the guest and the show', () => {
    const at = new Date('2027-01-04T10:00:00Z');
    const party = (side: 'guest' | 'show', profileName: string, email: string) => ({
      side,
      profileName,
      profileId: side === 'guest' ? 11 : 12,
      userId: side === 'guest' ? 1 : 2,
      email,
      firstName: side === 'guest' ? 'Maya' : 'Sofia',
      timezone: 'US/Central',
      emailNotifications: true,
    });
    const pitch = {
      id: 10,
      type: 'order-started',
      actorSide: 'guest' as const,
      payload: { is_pitch: true, amount: 2500, card_amount: 2500 },
      createdAt: at,
    };
    const context: NotifyContext = {
      activity: pitch,
      booking: {
        id: 77,
        initiator: 'guest',
        isPitch: true,
        expiresAt: new Date('2027-01-11T10:00:00Z'),
        interviewMinutes: 30,
      },
      parties: {
        guest: party('guest', 'Maya Brooks', 'maya@example.com'),
        show: party('show', 'Morning Momentum', 'sofia@example.com'),
      },
      team: { guest: [], show: [] },
      log: [pitch],
    };
    const [email, ...others] = activityEmails(context, {
      appUrl: 'https://guestspot.example',
      mailFrom: 'Guestspot <hello@guestspot.example>',
    });
    assert.deepEqual(others, []);
    assert.equal(email!.to, 'sofia@example.com');
    assert.equal(email!.subject, 'Maya Brooks pitched Morning Momentum');
    assert.ok(
      email!.text.includes('Maya Brooks sent Morning Momentum a pitch on Guestspot ($25.00).'),
    );
    assert.ok(
      email!.text.includes(
        'Answer by Mon 11 Jan, 4:00 AM or this request expires and the hold is released.',
      ),
    );
    assert.ok(email!.text.includes('https://guestspot.example/bookings/77'));
  });
});
