import type { ProfileSide } from '../../booking-facts';
import type { DB } from '../../db/database';
import { DEFAULT_INTERVIEW_MINUTES } from '../bookings/lifecycle';

// What telling people about one booking activity reads (decision 112): the activity, its
// booking, the booking's whole timeline, and for each side the owner of its profile (the one who
// is told: email, first name, time zone, whether they want booking emails) and the owner's team
// members who asked for the team's emails (decision 113: team_members.email_notifications).

export interface LoggedActivity {
  id: number;
  type: string;
  actorSide: ProfileSide | 'system';
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** A booking's side as the one told sees it. */
export interface Party {
  side: ProfileSide;
  /** the side's profile name: the guest's name or the show's */
  profileName: string;
  /** the side's profile id (guest_profiles or show_profiles) */
  profileId: number;
  userId: number;
  email: string;
  firstName: string;
  /** IANA name (users.timezone) */
  timezone: string;
  emailNotifications: boolean;
}

/** A team member of a side's owner who gets that side's booking emails. */
export interface TeamReader {
  userId: number;
  email: string;
  firstName: string;
  timezone: string;
}

export interface NotifyContext {
  activity: LoggedActivity;
  booking: {
    id: number;
    initiator: ProfileSide;
    isPitch: boolean;
    expiresAt: Date | null;
    /** minutes */
    interviewMinutes: number;
  };
  parties: Record<ProfileSide, Party>;
  /**
   * Per side, the owner's team members (Basic or Agency, not pending, the people
   * booking_side_users names) whose team email notifications are on; the user who acted is left out.
   */
  team: Record<ProfileSide, TeamReader[]>;
  /** every activity of the booking, oldest first (also those after `activity`) */
  log: LoggedActivity[];
}

/** The iCalendar UID of a booking's interview: one event whatever happens to its date. */
export const bookingEventUid = (bookingId: number) => `booking-${bookingId}@guestspot`;

/** The context of an activity; null when it (or its booking) no longer exists. */
export async function loadNotifyContext(db: DB, activityId: number): Promise<NotifyContext | null> {
  const row = await db
    .selectFrom('booking_activities as a')
    .innerJoin('bookings as b', 'b.id', 'a.booking_id')
    .innerJoin('guest_profiles as gp', 'gp.id', 'b.guest_profile_id')
    .innerJoin('users as gu', 'gu.id', 'gp.user_id')
    .innerJoin('show_profiles as sp', 'sp.id', 'b.show_profile_id')
    .innerJoin('users as su', 'su.id', 'sp.user_id')
    .select([
      'b.id as bookingId',
      'b.initiator',
      'b.is_pitch',
      'b.expires_at',
      'b.interview_duration',
      'a.actor_user_id',
      'gp.id as guestProfileId',
      'gp.name as guestName',
      'gu.id as guestUserId',
      'gu.email as guestEmail',
      'gu.first_name as guestFirstName',
      'gu.timezone as guestTimezone',
      'gu.email_notifications as guestNotifications',
      'sp.id as showProfileId',
      'sp.name as showName',
      'su.id as showUserId',
      'su.email as showEmail',
      'su.first_name as showFirstName',
      'su.timezone as showTimezone',
      'su.email_notifications as showNotifications',
    ])
    .where('a.id', '=', activityId)
    .executeTakeFirst();
  if (!row) return null;
  const log = (
    await db
      .selectFrom('booking_activities')
      .select(['id', 'type', 'actor_side', 'payload', 'created_at'])
      .where('booking_id', '=', row.bookingId)
      .orderBy('id')
      .execute()
  ).map(
    (item): LoggedActivity => ({
      id: item.id,
      type: item.type,
      actorSide: item.actor_side,
      payload: item.payload,
      createdAt: item.created_at,
    }),
  );
  const activity = log.find((item) => item.id === activityId);
  if (!activity) return null;
  const team = await teamReadersOf(db, [row.guestUserId, row.showUserId], row.actor_user_id);
  return {
    activity,
    booking: {
      id: row.bookingId,
      initiator: row.initiator,
      isPitch: row.is_pitch,
      expiresAt: row.expires_at,
      interviewMinutes: row.interview_duration ?? DEFAULT_INTERVIEW_MINUTES,
    },
    parties: {
      guest: {
        side: 'guest',
        profileName: row.guestName,
        profileId: row.guestProfileId,
        userId: row.guestUserId,
        email: row.guestEmail,
        firstName: row.guestFirstName,
        timezone: row.guestTimezone,
        emailNotifications: row.guestNotifications,
      },
      show: {
        side: 'show',
        profileName: row.showName,
        profileId: row.showProfileId,
        userId: row.showUserId,
        email: row.showEmail,
        firstName: row.showFirstName,
        timezone: row.showTimezone,
        emailNotifications: row.showNotifications,
      },
    },
    team: {
      guest: team.filter((member) => member.ownerId === row.guestUserId),
      show: team.filter((member) => member.ownerId === row.showUserId),
    },
    log,
  };
}

/** The owners' team members who want the team's emails, except the user who acted. */
async function teamReadersOf(db: DB, ownerIds: number[], actorUserId: number | null) {
  const rows = await db
    .selectFrom('teams as t')
    .innerJoin('team_members as tm', 'tm.team_id', 't.id')
    .innerJoin('users as u', 'u.id', 'tm.user_id')
    .select([
      't.owner_id as ownerId',
      'u.id as userId',
      'u.email',
      'u.first_name as firstName',
      'u.timezone',
    ])
    .where('t.owner_id', 'in', ownerIds)
    .where('tm.role', 'in', ['admin', 'agency'])
    .where('tm.email_notifications', '=', true)
    .where('u.status', '<>', 'pending')
    .orderBy('u.id')
    .execute();
  return rows.filter((member) => member.userId !== actorUserId);
}

/** The interview's agreed time at one point of the timeline. */
export interface InterviewDate {
  startsAt: Date;
  endsAt: Date;
}

/** Where the booking's date stands after an activity (decision 112's SEQUENCE). */
export interface DateState {
  /**
   * The date-affecting activities so far: each 'confirmed', and a 'canceled' or 'expired' that
   * withdrew a date. The iCalendar SEQUENCE: it grows with every change and is the same
   * whenever it is worked out again (a retried send carries the same file). 0: never dated.
   */
  sequence: number;
  /** the last agreed date (also once withdrawn); null when none was ever agreed */
  date: InterviewDate | null;
  /** the date was withdrawn: the booking was canceled or expired after it */
  withdrawn: boolean;
  /** the last date agreed replaced an earlier one */
  changed: boolean;
  /** when the last date-affecting activity happened (the invitation's DTSTAMP) */
  at: Date | null;
}

function dateOf(payload: Record<string, unknown>, minutes: number): InterviewDate | null {
  const startsAt = typeof payload.date === 'string' ? new Date(payload.date) : null;
  if (!startsAt || Number.isNaN(startsAt.getTime())) return null;
  const end = typeof payload.ends_at === 'string' ? new Date(payload.ends_at) : null;
  const endsAt =
    end && !Number.isNaN(end.getTime()) ? end : new Date(startsAt.getTime() + minutes * 60_000);
  return { startsAt, endsAt };
}

/** The date's state after the activity `upTo` (the whole timeline when omitted). */
export function dateState(context: NotifyContext, upTo?: number): DateState {
  const state: DateState = {
    sequence: 0,
    date: null,
    withdrawn: false,
    changed: false,
    at: null,
  };
  for (const item of context.log) {
    if (upTo !== undefined && item.id > upTo) break;
    if (item.type === 'confirmed') {
      const date = dateOf(item.payload, context.booking.interviewMinutes);
      if (!date) continue;
      state.changed = state.date !== null;
      state.date = date;
      state.withdrawn = false;
      state.sequence += 1;
      state.at = item.createdAt;
    } else if ((item.type === 'canceled' || item.type === 'expired') && state.date) {
      if (state.withdrawn) continue;
      state.withdrawn = true;
      state.sequence += 1;
      state.at = item.createdAt;
    }
  }
  return state;
}
