import assert from 'node:assert/strict';
import type { DB } from '../../db/database';

// What the notify tests share: making bookings the way the browser does, reading the emails the
// outbox stored, and reading an iCalendar file. Used by *.test.ts only.

/**
 * A winter month (December, January or February: no summer time in Paris or California) that
 * starts at least two days from now, hence wholly inside the guests' one-year booking horizon.
 */
export function winterMonth(now = new Date()): { year: number; month: number } {
  const soonest = now.getTime() + 2 * 24 * 60 * 60 * 1000;
  for (let year = now.getUTCFullYear(); ; year += 1) {
    for (const month of [0, 1, 11]) {
      if (Date.UTC(year, month, 1) >= soonest) return { year, month };
    }
  }
}

/** '{weekday} {day} {month}, {time}', as the emails write a day of that month. */
export function dayOf(at: { year: number; month: number }, day: number, time: string): string {
  const date = new Date(Date.UTC(at.year, at.month, day));
  const part = (options: Intl.DateTimeFormatOptions) =>
    date.toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
  return `${part({ weekday: 'short' })} ${day} ${part({ month: 'short' })}, ${time}`;
}

/** A UTC time as the booking flow sends it ('YYYY-MM-DD HH:mm:ss'). */
export const sent = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

export interface StoredEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content_type: string; content: string }[];
}

/** The emails stored after `afterId`, oldest first, with their attachments. */
export async function emailsAfter(db: DB, afterId: number): Promise<StoredEmail[]> {
  const rows = await db
    .selectFrom('outbox_emails')
    .select(['id', 'to_email as to', 'subject', 'text_body as text'])
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  const files = await db
    .selectFrom('outbox_email_attachments')
    .select(['email_id', 'filename', 'content_type', 'content'])
    .where('email_id', '>', afterId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    ...row,
    attachments: files
      .filter((file) => file.email_id === row.id)
      .map(({ filename, content_type, content }) => ({ filename, content_type, content })),
  }));
}

/** The id of the newest stored email (0 when none). */
export async function lastEmailId(db: DB): Promise<number> {
  const row = await db
    .selectFrom('outbox_emails')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export interface ParsedIcs {
  method: string | null;
  uid: string;
  sequence: number;
  dtstart: string;
  dtend: string;
  status: string;
  summary: string;
  attendees: string[];
}

/**
 * Reads an iCalendar file strictly enough to catch a broken one: CRLF lines of at most 75
 * octets, folded lines unfolded (RFC 5545 §3.1), one VCALENDAR holding one VEVENT.
 */
export function parseIcs(text: string): ParsedIcs {
  assert.ok(text.endsWith('\r\n'), 'ends with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    assert.ok(Buffer.byteLength(line) <= 75, `line too long: ${line}`);
    assert.ok(!line.includes('\n'), 'bare LF');
  }
  const lines = physical.reduce<string[]>((all, line) => {
    if (line.startsWith(' ') || line.startsWith('\t')) all[all.length - 1] += line.slice(1);
    else all.push(line);
    return all;
  }, []);
  assert.equal(lines[0], 'BEGIN:VCALENDAR');
  assert.equal(lines.at(-1), 'END:VCALENDAR');
  assert.equal(lines.filter((line) => line === 'BEGIN:VEVENT').length, 1);
  assert.equal(lines.filter((line) => line === 'END:VEVENT').length, 1);
  const value = (name: string) => {
    const line = lines.find((item) => item.startsWith(`${name}:`) || item.startsWith(`${name};`));
    return line === undefined ? null : line.slice(line.indexOf(':') + 1);
  };
  return {
    method: value('METHOD'),
    uid: value('UID') ?? '',
    sequence: Number(value('SEQUENCE')),
    dtstart: value('DTSTART') ?? '',
    dtend: value('DTEND') ?? '',
    status: value('STATUS') ?? '',
    summary: value('SUMMARY') ?? '',
    attendees: lines.filter((line) => line.startsWith('ATTENDEE')),
  };
}

/** 20261202T140000Z, as DTSTART writes a UTC time. */
export const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
