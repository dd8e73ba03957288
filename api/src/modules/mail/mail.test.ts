import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { buildApp } from '../../app';
import { startTestApp, TestClient, type TestContext } from '../../test/harness';
import { consumeToken, issueToken, peekToken } from '../auth/tokens';
import { smtpUrlWithTimeouts, transportMailer } from './mailer';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function demoUserId(email: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the local outbox', () => {
  it('stores what the mailer sends and lists it newest first, filtered by recipient', async () => {
    await ctx.app.mailer.send({ to: 'a@example.com', subject: 'First', text: 'one' });
    await ctx.app.mailer.send({ to: 'b@example.com', subject: 'Other', text: 'two' });
    await ctx.app.mailer.send({ to: 'A@example.com', subject: 'Second', text: 'three' });
    const response = await new TestClient(ctx.app).get('/api/v1/dev/outbox?to=a@example.com');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(
      response.json().data.map((mail: { subject: string }) => mail.subject),
      ['Second', 'First'],
    );
  });
});

describe('attachments (decision 112)', () => {
  const invite = {
    filename: 'invite.ics',
    contentType: 'text/calendar; method=REQUEST',
    content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n',
  };

  it('are kept by the local outbox and shown at GET /dev/outbox', async () => {
    await ctx.app.mailer.send({
      to: 'files@example.com',
      subject: 'With a file',
      text: 'see attached',
      attachments: [invite],
    });
    await ctx.app.mailer.send({ to: 'files@example.com', subject: 'Without', text: 'none' });
    const response = await new TestClient(ctx.app).get('/api/v1/dev/outbox?to=files@example.com');
    const [without, withFile] = response.json().data;
    assert.deepEqual(without.attachments, []);
    assert.deepEqual(withFile.attachments, [
      { filename: 'invite.ics', content_type: invite.contentType, content: invite.content },
    ]);
  });

  it('are stored with the transaction the outbox is given, or not at all', async () => {
    await assert.rejects(
      ctx.db.transaction().execute(async (trx) => {
        await ctx.app.mailer.send(
          { to: 'rolled@example.com', subject: 'Never', text: 'x', attachments: [invite] },
          trx,
        );
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    const response = await new TestClient(ctx.app).get('/api/v1/dev/outbox?to=rolled@example.com');
    assert.deepEqual(response.json().data, []);
  });

  it('go out over SMTP as a calendar invitation part plus invite.ics', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    let raw = '';
    const mailer = transportMailer(
      {
        sendMail: async (mail: nodemailer.SendMailOptions) => {
          const info = await transport.sendMail(mail);
          raw = info.message.toString();
          return info;
        },
      } as unknown as nodemailer.Transporter,
      'Guestspot <hello@guestspot.test>',
    );
    await mailer.send({
      to: 'a@example.com',
      subject: 'Interview scheduled',
      text: 'See you then',
      attachments: [invite],
    });
    assert.match(raw, /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    assert.match(raw, /Content-Type: application\/ics; name=invite\.ics/);
    assert.match(raw, /Content-Disposition: attachment; filename=invite\.ics/);
  });

  it('SMTP gets timeouts under the outbox claim, unless SMTP_URL sets its own', () => {
    const url = new URL(smtpUrlWithTimeouts('smtp://user:p%40ss@mail.test:587?socketTimeout=5000'));
    assert.equal(url.searchParams.get('socketTimeout'), '5000');
    assert.equal(url.searchParams.get('connectionTimeout'), '30000');
    assert.equal(url.searchParams.get('greetingTimeout'), '30000');
    assert.equal(url.password, 'p%40ss');
  });
});

describe('the outbox is a development surface (decision 062)', () => {
  const OUTBOX = '/api/v1/dev/outbox?to=victim@example.com';

  before(() =>
    ctx.app.mailer.send({ to: 'victim@example.com', subject: 'Reset', text: 'secret link' }),
  );

  it('answers a caller on loopback (IPv4 or IPv6)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await ctx.app.inject({ method: 'GET', url: OUTBOX, remoteAddress });
      assert.equal(response.statusCode, 200, remoteAddress);
      assert.equal(response.json().data[0].subject, 'Reset');
    }
  });

  it('is 404, as if it did not exist, for anyone else', async () => {
    for (const request of [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '2001:db8::7' },
      // a remote caller cannot claim loopback through X-Forwarded-For
      { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      // nor through the site's own proxy, which forwards the real client's address
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: OUTBOX, ...request });
      assert.equal(response.statusCode, 404, JSON.stringify(request));
      assert.deepEqual(response.json(), { message: 'Not found.' });
      assert.doesNotMatch(response.body, /secret link/);
    }
  });

  it('does not exist when the development surfaces are off (production)', async () => {
    const production = await buildApp({
      db: ctx.db,
      config: { sessionSecret: 'test-secret', devSurfaces: false },
    });
    try {
      const response = await production.inject({ method: 'GET', url: OUTBOX });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    } finally {
      await production.close();
    }
  });
});

describe('one-time tokens', () => {
  it('are used once, and only for their purpose', async () => {
    const userId = await demoUserId('standard@guestspot.test');
    const token = await issueToken(ctx.db, userId, 'reset-password');
    assert.equal(await peekToken(ctx.db, token, 'verify-email'), null);
    assert.equal(await peekToken(ctx.db, token, 'reset-password'), userId);
    assert.equal(await consumeToken(ctx.db, token, 'reset-password'), userId);
    assert.equal(await consumeToken(ctx.db, token, 'reset-password'), null);
  });

  it('stop working when a newer one is issued or when they expire', async () => {
    const userId = await demoUserId('guest@guestspot.test');
    const older = await issueToken(ctx.db, userId, 'verify-email');
    const newer = await issueToken(ctx.db, userId, 'verify-email');
    assert.equal(await peekToken(ctx.db, older, 'verify-email'), null);
    await ctx.db
      .updateTable('auth_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('user_id', '=', userId)
      .execute();
    assert.equal(await consumeToken(ctx.db, newer, 'verify-email'), null);
  });
});
