import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../../db/database';

/** A file sent with a message, e.g. a calendar invitation (invite.ics). */
export interface MailAttachment {
  filename: string;
  /** e.g. 'text/calendar; method=REQUEST' */
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** Where email goes: SMTP when SMTP_URL is set, otherwise the local outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends the message. The outbox stores it through `executor` when one is given (a transaction:
   * the message is stored if and only if the transaction commits); SMTP ignores it.
   */
  send(message: MailMessage, executor?: DB): Promise<void>;
}

/** Stores each message in outbox_emails; a developer reads them at /api/v1/dev/outbox. */
export function outboxMailer(db: DB): Mailer {
  return {
    kind: 'outbox',
    async send(message, executor = db) {
      const { id } = await executor
        .insertInto('outbox_emails')
        .values({
          to_email: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const attachments = message.attachments ?? [];
      if (attachments.length === 0) return;
      await executor
        .insertInto('outbox_email_attachments')
        .values(
          attachments.map((attachment, position) => ({
            email_id: id,
            position,
            filename: attachment.filename,
            content_type: attachment.contentType,
            content: attachment.content,
          })),
        )
        .execute();
    },
  };
}

/** The outbox's 50 newest messages with their attachments, only those to `to` (any case) when given. */
export async function outboxMessages(db: DB, to: string | null) {
  let query = db
    .selectFrom('outbox_emails')
    .select([
      'id',
      'to_email as to',
      'subject',
      'text_body as text',
      'html_body as html',
      'created_at',
    ])
    .orderBy('id', 'desc')
    .limit(50);
  if (to) query = query.where(sql`lower(to_email)`, '=', to.toLowerCase());
  const messages = await query.execute();
  const attachments =
    messages.length === 0
      ? []
      : await db
          .selectFrom('outbox_email_attachments')
          .select(['email_id', 'filename', 'content_type', 'content'])
          .where(
            'email_id',
            'in',
            messages.map((message) => message.id),
          )
          .orderBy('email_id')
          .orderBy('position')
          .execute();
  return messages.map((message) => ({
    ...message,
    attachments: attachments
      .filter((attachment) => attachment.email_id === message.id)
      .map(({ filename, content_type, content }) => ({ filename, content_type, content })),
  }));
}

/** The METHOD of a calendar invitation's content type ('text/calendar; method=REQUEST'), else null. */
function calendarMethod(contentType: string): string | null {
  if (!/^text\/calendar\b/i.test(contentType)) return null;
  return /;\s*method=([A-Za-z-]+)/i.exec(contentType)?.[1]?.toUpperCase() ?? 'PUBLISH';
}

/**
 * Sends through a nodemailer transport. A calendar invitation goes as nodemailer's `icalEvent`:
 * a text/calendar alternative part (mail clients show it as an invitation to accept) plus the
 * same file attached as invite.ics; other files are plain attachments.
 */
export function transportMailer(transport: Transporter, from: string): Mailer {
  return {
    kind: 'smtp',
    async send({ attachments = [], ...message }) {
      const invitation = attachments.find((file) => calendarMethod(file.contentType) !== null);
      const files = attachments.filter((file) => file !== invitation);
      await transport.sendMail({
        from,
        ...message,
        ...(invitation
          ? {
              icalEvent: {
                filename: invitation.filename,
                method: calendarMethod(invitation.contentType) ?? 'PUBLISH',
                content: invitation.content,
              },
            }
          : {}),
        ...(files.length > 0
          ? {
              attachments: files.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
              })),
            }
          : {}),
      });
    },
  };
}

/**
 * Timeouts (ms) well under the activity outbox's claim lease (notify/outbox.ts): a hung server
 * fails the send before another worker may take the email over. SMTP_URL's query may set its own
 * (smtp://host:25?socketTimeout=30000), as nodemailer reads them there.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** SMTP_URL with the timeouts it does not set itself. */
export function smtpUrlWithTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(ms));
  }
  return parsed.toString();
}

export function smtpMailer(url: string, from: string): Mailer {
  return transportMailer(nodemailer.createTransport(smtpUrlWithTimeouts(url)), from);
}

export function createMailer(
  db: DB,
  { smtpUrl, mailFrom }: { smtpUrl: string | null; mailFrom: string },
): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, mailFrom) : outboxMailer(db);
}
