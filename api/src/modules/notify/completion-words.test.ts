import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProfileSide } from '../../booking-facts';
import type { NotifyContext, Party } from './context';
import { activityEmails } from './emails';

// The "did it happen?" email (decision 116): the show's answers are links worded as the strip's
// buttons (booking-management… §2: It Happened, Reschedule, Cancel Booking), each to its
// completed-action page; the guest gets no question.

const APP = 'https://guestspot.example';

const party = (side: ProfileSide, profileName: string, email: string): Party => ({
  side,
  profileName,
  profileId: side === 'guest' ? 5 : 9,
  userId: side === 'guest' ? 1 : 2,
  email,
  firstName: side === 'guest' ? 'Maya' : 'Sofia',
  timezone: 'UTC',
  emailNotifications: true,
});

function asked(
  type: 'completion-asked' | 'scheduled-asked' | 'no-show-resolved',
  payload: Record<string, unknown> = {},
): NotifyContext {
  const activity = {
    id: 30,
    type,
    actorSide: 'system' as const,
    payload,
    createdAt: new Date('2027-02-10T12:00:00Z'),
  };
  return {
    activity,
    booking: { id: 77, initiator: 'show', isPitch: false, expiresAt: null, interviewMinutes: 30 },
    parties: {
      guest: party('guest', 'Maya Brooks', 'maya@example.com'),
      show: party('show', 'Morning Momentum', 'sofia@example.com'),
    },
    team: { guest: [], show: [] },
    log: [activity],
  };
}

const emailsOf = (context: NotifyContext) =>
  activityEmails(context, { appUrl: APP, mailFrom: 'Guestspot <hello@guestspot.example>' });

describe('the "did it happen?" email', () => {
  it('goes to the show only, its answers worded as the strip’s buttons', () => {
    const [email, ...others] = emailsOf(asked('completion-asked'));
    assert.deepEqual(others, [], 'the guest is not asked');
    assert.equal(email!.to, 'sofia@example.com');
    assert.equal(email!.subject, 'Did your interview with Maya Brooks take place?');
    const answers = email!.text.split('\n').filter((line) => line.includes('/completed-action/'));
    assert.deepEqual(answers, [
      `It Happened: ${APP}/bookings/77/completed-action/confirm`,
      `Reschedule: ${APP}/bookings/77/completed-action/reschedule`,
      `Cancel Booking: ${APP}/bookings/77/completed-action/cancel`,
    ]);
    assert.doesNotMatch(email!.text, /It happened:|needs a new date|will not take place/);
  });

  it('asks a booking scheduled outside whether it is scheduled, with the yes as a link', () => {
    const [email, ...others] = emailsOf(asked('scheduled-asked'));
    assert.deepEqual(others, []);
    assert.equal(email!.subject, 'Is your interview with Maya Brooks scheduled?');
    assert.ok(email!.text.includes(`${APP}/bookings/77/confirm-scheduled`));
  });
});

describe('a no-show report resolved as refunded', () => {
  it('tells the booker everything came back, the service fee included (decision 116 amended)', () => {
    const emails = emailsOf(asked('no-show-resolved', { outcome: 'refunded', refund: 15000 }));
    const booker = emails.find((email) => email.to === 'sofia@example.com');
    assert.ok(
      booker?.text.includes(
        'We looked into your report and refunded everything you paid, the service fee included ($150.00 to your card).',
      ),
      booker?.text,
    );
    assert.doesNotMatch(booker!.text, /not refundable/);
  });
});
