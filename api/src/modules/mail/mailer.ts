import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import type { DB } from '../../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where email goes: SMTP when SMTP_URL is set, otherwise the local outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Stores each message in outbox_emails; a developer reads them at /api/v1/dev/outbox. */
export function outboxMailer(db: DB): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('outbox_emails')
        .values({
          to_email: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
        })
        .execute();
    },
  };
}

/** The outbox's 50 newest messages, only those to `to` (any case) when it is given. */
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
  return query.execute();
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function createMailer(
  db: DB,
  { smtpUrl, mailFrom }: { smtpUrl: string | null; mailFrom: string },
): Mailer {
  return smtpUrl ? smtpMailer(smtpUrl, mailFrom) : outboxMailer(db);
}
