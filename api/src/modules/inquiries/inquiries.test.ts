import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { INQUIRIES_PER_HOUR, INQUIRY_SENT_MESSAGE, OWN_PROFILE_MESSAGE } from './routes';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const PATH = '/api/v1/talent/inquire-profile';

async function guestOf(email: string) {
  return ctx.db
    .selectFrom('guest_profiles')
    .innerJoin('users', 'users.id', 'guest_profiles.user_id')
    .select(['guest_profiles.id', 'guest_profiles.name'])
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
}

function inquiry(profileId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jamie Rivera',
    email: 'jamie@example.com',
    phone: '(555) 123-4567',
    message: 'Would you join our show next month?',
    profile_id: profileId,
    profile_type: 'guest',
    ...overrides,
  };
}

async function outbox(to: string) {
  return ctx.db
    .selectFrom('outbox_emails')
    .select(['subject', 'text_body as text'])
    .where('to_email', '=', to)
    .orderBy('id', 'desc')
    .execute();
}

describe('POST /talent/inquire-profile', () => {
  it('stores the inquiry and emails the profile owner', async () => {
    const maya = await guestOf('guest@guestspot.test');
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const response = await client.post(PATH, inquiry(maya.id));
    assert.equal(response.statusCode, 201);
    assert.deepEqual(response.json(), { message: INQUIRY_SENT_MESSAGE });

    const rows = await ctx.db
      .selectFrom('inquiries')
      .select(['name', 'email', 'phone', 'message', 'profile_type', 'profile_id'])
      .execute();
    assert.deepEqual(rows, [
      {
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
        phone: '(555) 123-4567',
        message: 'Would you join our show next month?',
        profile_type: 'guest',
        profile_id: maya.id,
      },
    ]);
    const [mail] = await outbox('guest@guestspot.test');
    assert.equal(mail?.subject, `New inquiry about ${maya.name}`);
    assert.match(mail?.text ?? '', /Would you join our show next month\?/);
    assert.match(mail?.text ?? '', /jamie@example\.com/);
    assert.match(mail?.text ?? '', /\(555\) 123-4567/);
  });

  it('inquires about a show too', async () => {
    const show = await ctx.db
      .selectFrom('show_profiles')
      .select('id')
      .where('name', '=', 'Morning Momentum')
      .executeTakeFirstOrThrow();
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const response = await client.post(PATH, inquiry(show.id, { profile_type: 'show' }));
    assert.equal(response.statusCode, 201);
    const [mail] = await outbox('show@guestspot.test');
    assert.equal(mail?.subject, 'New inquiry about Morning Momentum');
  });

  it('answers 422 with a message per field', async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const empty = await client.post(PATH, {});
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(Object.keys(empty.json().errors).sort(), [
      'email',
      'message',
      'name',
      'phone',
      'profile_id',
      'profile_type',
    ]);
    assert.deepEqual(empty.json().errors.name, ['The name field is required.']);

    const maya = await guestOf('guest@guestspot.test');
    const bad = await client.post(
      PATH,
      inquiry(maya.id, {
        name: 'x'.repeat(101),
        email: 'not-an-email',
        phone: '5551234567',
        message: '   ',
        profile_type: 'agency',
      }),
    );
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors, {
      name: ['The name field must not be greater than 100 characters.'],
      email: ['The email field must be a valid email address.'],
      phone: ['The phone field must match the format (###) ###-####.'],
      message: ['The message field is required.'],
      profile_type: ['The selected profile type is invalid.'],
    });
  });

  it('needs a session and the CSRF token', async () => {
    const maya = await guestOf('guest@guestspot.test');
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.post(PATH, inquiry(maya.id))).statusCode, 401);
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const noCsrf = await client.request('POST', PATH, { body: inquiry(maya.id), csrf: false });
    assert.equal(noCsrf.statusCode, 419);
  });

  it('refuses the owner (403) and paused or unknown profiles (404)', async () => {
    const priya = await guestOf('pro@guestspot.test');
    const owner = await signedIn(ctx.app, 'pro@guestspot.test');
    const own = await owner.post(PATH, inquiry(priya.id));
    assert.equal(own.statusCode, 403);
    assert.equal(own.json().message, OWN_PROFILE_MESSAGE);

    const paused = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', false)
      .executeTakeFirstOrThrow();
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    assert.equal((await client.post(PATH, inquiry(paused.id))).statusCode, 404);
    assert.equal((await client.post(PATH, inquiry(9_999_999))).statusCode, 404);
  });

  it(`allows ${INQUIRIES_PER_HOUR} inquiries an hour per user`, async () => {
    const maya = await guestOf('guest@guestspot.test');
    const client = await signedIn(ctx.app, 'agency@guestspot.test');
    for (let index = 0; index < INQUIRIES_PER_HOUR; index += 1) {
      assert.equal((await client.post(PATH, inquiry(maya.id))).statusCode, 201);
    }
    assert.equal((await client.post(PATH, inquiry(maya.id))).statusCode, 429);
  });
});
