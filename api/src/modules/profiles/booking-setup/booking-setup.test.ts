import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  BookingFlowPreferences,
  BookingQuestion,
  GuestProfileDetail,
  PitchSettingsDetail,
  UpsellPackage,
} from '../../../contract';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import {
  errorsOf,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
} from '../../../test/harness';
import { MAX_QUESTIONS_PER_TYPE, tooManyQuestions } from './service';

// The booking setup of guest and show profiles (decision 089) over the seeded database:
// questions, booking-flow steps, upsell packages and pitch settings, who may read and write
// them, their messages, and the kept public answers changing at once.

let ctx: TestContext;
/** Priya's guest profile and her show (pro@; agency@ is in her team), Maya's (guest@). */
let priya: number;
let founderFiles: number;
let maya: number;
/** Sofia's shows (show@): the first has booking options, the second none. */
let morning: number;
let sofiaShow: number;
/** the demo show without booking options (seed: profile-pages.ts) */
let wellRested: number;

before(async () => {
  ctx = await startTestApp();
  priya = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  maya = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  founderFiles = await profileIdOf(ctx.db, 'show_profiles', 'The Founder Files');
  morning = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  sofiaShow = await profileIdOf(ctx.db, 'show_profiles', 'The Sofia Ramirez Show');
  wellRested = await profileIdOf(ctx.db, 'show_profiles', 'Well Rested');
});
after(() => ctx.close());

const visitorGet = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}` });

async function questions(client: TestClient | null, path: string, type = 'booking') {
  const url = `${path}/booking-questions?type=${type}`;
  const response = client ? await client.get(`/api/v1${url}`) : await visitorGet(url);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ data: BookingQuestion[] }>().data;
}

describe('GET /{guests|shows}/{id}/booking-questions', () => {
  it('gives anyone a public profile’s booking questions in order, pitch ones with ?type=pitch', async () => {
    const booking = await questions(null, `/guests/${priya}`);
    assert.deepEqual(
      booking.map((question) => [question.position, question.type, question.body]),
      [
        [
          0,
          'booking',
          'Who listens to your show, and how many people does an episode usually reach?',
        ],
        [1, 'booking', 'Which of my topics would you like to focus on?'],
        [2, 'booking', 'Is the interview live, or recorded and edited?'],
      ],
    );
    assert.ok(booking.every((q) => q.profile_type === 'guest' && q.profile_id === priya));
    // no type: the booking questions
    const plain = await visitorGet(`/guests/${priya}/booking-questions`);
    assert.deepEqual(plain.json().data, booking);

    const pitch = await questions(null, `/guests/${priya}`, 'pitch');
    assert.deepEqual(
      pitch.map((question) => question.body),
      [
        'What would you like to pitch me, in one sentence?',
        'Why is now the right time for this conversation?',
      ],
    );
    const show = await questions(null, `/shows/${founderFiles}`, 'pitch');
    assert.deepEqual(
      show.map((q) => [q.profile_type, q.profile_id, q.body]),
      [['show', founderFiles, 'Why would our listeners care about your story?']],
    );
  });

  it('refuses an unknown type, and answers 404 for no such profile', async () => {
    const bad = await visitorGet(`/guests/${priya}/booking-questions?type=other`);
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(errorsOf(bad), { type: ['The selected type is invalid.'] });
    assert.equal((await visitorGet('/guests/99999999/booking-questions')).statusCode, 404);
    assert.equal((await visitorGet('/shows/abc/booking-questions')).statusCode, 404);
  });

  it('hides a paused account’s profile from others; its owner still reads it', async () => {
    const paused = await ctx.db
      .selectFrom('guest_profiles')
      .innerJoin('users', 'users.id', 'guest_profiles.user_id')
      .select(['guest_profiles.id', 'users.email'])
      .where('users.status', '=', 'paused')
      .executeTakeFirstOrThrow();
    for (const path of ['booking-questions', 'booking-flow-preferences', 'upsell-packages']) {
      assert.equal((await visitorGet(`/guests/${paused.id}/${path}`)).statusCode, 404, path);
    }
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    assert.equal((await other.get(`/api/v1/guests/${paused.id}/pitch-settings`)).statusCode, 404);
    const owner = await signedIn(ctx.app, paused.email);
    assert.deepEqual(await questions(owner, `/guests/${paused.id}`), []);
    // The code base lets a paused account edit its profiles (they stay hidden): so here.
    const added = await owner.post(`/api/v1/guests/${paused.id}/booking-questions`, {
      body: 'Still here?',
    });
    assert.equal(added.statusCode, 201, added.body);
  });
});

describe('POST, PUT and DELETE booking questions', () => {
  it('adds a question at the end of its type, for the owner', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const response = await owner.post(`/api/v1/guests/${maya}/booking-questions`, {
      body: '  What is the episode’s release date?  ',
    });
    assert.equal(response.statusCode, 201, response.body);
    const created = response.json<{ data: BookingQuestion }>().data;
    assert.deepEqual(
      { ...created, id: 0 },
      {
        id: 0,
        type: 'booking',
        body: 'What is the episode’s release date?',
        position: 2,
        profile_type: 'guest',
        profile_id: maya,
      },
    );
    const pitch = await owner.post(`/api/v1/guests/${maya}/booking-questions`, {
      body: 'What makes your pitch timely?',
      type: 'pitch',
    });
    assert.equal(pitch.json<{ data: BookingQuestion }>().data.position, 1);
    assert.deepEqual(
      (await questions(null, `/guests/${maya}`, 'pitch')).map((q) => q.body),
      ['What story would you like us to tell together?', 'What makes your pitch timely?'],
    );
  });

  it('is 401 to a visitor, 403 to another user, 404 for no such profile; agency members may', async () => {
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/shows/${founderFiles}/booking-questions`,
      payload: { body: 'x' },
    });
    // a write without the CSRF cookie never reaches the route
    assert.equal(visitor.statusCode, 419);
    const anonymous = new TestClient(ctx.app);
    const noUser = await anonymous.post(`/api/v1/shows/${founderFiles}/booking-questions`, {
      body: 'x',
    });
    assert.equal(noUser.statusCode, 401);

    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const refused = await other.post(`/api/v1/shows/${founderFiles}/booking-questions`, {
      body: 'x',
    });
    assert.equal(refused.statusCode, 403);
    // 403 comes before the form's 422
    const refusedBlank = await other.post(`/api/v1/shows/${founderFiles}/booking-questions`, {});
    assert.equal(refusedBlank.statusCode, 403);
    const missing = await other.post('/api/v1/shows/99999999/booking-questions', { body: 'x' });
    assert.equal(missing.statusCode, 404);

    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const byAgency = await agency.post(`/api/v1/shows/${founderFiles}/booking-questions`, {
      body: 'Which episode of ours did you like best?',
    });
    assert.equal(byAgency.statusCode, 201, byAgency.body);
    const added = byAgency.json<{ data: BookingQuestion }>().data;
    assert.equal(
      (
        await agency.request(
          'DELETE',
          `/api/v1/shows/${founderFiles}/booking-questions/${added.id}`,
        )
      ).statusCode,
      204,
    );
  });

  it('answers 422 with the field’s message for a blank, long or mistyped question', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const url = `/api/v1/shows/${morning}/booking-questions`;
    const blank = await owner.post(url, { body: '   ' });
    assert.equal(blank.statusCode, 422);
    assert.deepEqual(blank.json(), {
      message: 'The body field is required.',
      errors: { body: ['The body field is required.'] },
    });
    const long = await owner.post(url, { body: 'x'.repeat(1001), type: 'other' });
    assert.deepEqual(errorsOf(long), {
      body: ['The body field must not be greater than 1000 characters.'],
      type: ['The selected type is invalid.'],
    });
  });

  it('keeps at most 20 questions of each type', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const url = `/api/v1/shows/${sofiaShow}/booking-questions`;
    const existing = (await questions(owner, `/shows/${sofiaShow}`, 'pitch')).length;
    for (let index = existing; index < MAX_QUESTIONS_PER_TYPE; index += 1) {
      const added = await owner.post(url, { body: `Question ${index}`, type: 'pitch' });
      assert.equal(added.statusCode, 201, added.body);
    }
    const over = await owner.post(url, { body: 'One more', type: 'pitch' });
    assert.equal(over.statusCode, 422);
    assert.deepEqual(errorsOf(over), { body: [tooManyQuestions('pitch')] });
    // the other type is counted apart
    assert.equal((await owner.post(url, { body: 'A booking one' })).statusCode, 201);
  });

  it('edits the text, moves a question, and closes the gap of a deleted one', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const path = `/shows/${founderFiles}`;
    const [first, second, third] = await questions(owner, path);
    assert.ok(first && second && third);

    const edited = await owner.request('PUT', `/api/v1${path}/booking-questions/${second.id}`, {
      body: { body: 'What founder story is new to podcasts?' },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(
      edited.json<{ data: BookingQuestion }>().data.body,
      'What founder story is new to podcasts?',
    );

    // the last one first; a position past the end moves it last
    const moved = await owner.request('PUT', `/api/v1${path}/booking-questions/${third.id}`, {
      body: { position: 0 },
    });
    assert.equal(moved.json<{ data: BookingQuestion }>().data.position, 0);
    assert.deepEqual(
      (await questions(null, path)).map((q) => [q.id, q.position]),
      [
        [third.id, 0],
        [first.id, 1],
        [second.id, 2],
      ],
    );
    await owner.request('PUT', `/api/v1${path}/booking-questions/${third.id}`, {
      body: { position: 99 },
    });
    assert.deepEqual(
      (await questions(null, path)).map((q) => q.id),
      [first.id, second.id, third.id],
    );

    const blank = await owner.request('PUT', `/api/v1${path}/booking-questions/${first.id}`, {
      body: { body: '', position: -1 },
    });
    assert.deepEqual(errorsOf(blank), {
      body: ['The body field is required.'],
      position: ['The position field must be at least 0.'],
    });

    // a position is a JSON number: its text, or a fraction, is refused and moves nothing
    for (const position of ['0', '2', 1.5]) {
      const sent = await owner.request('PUT', `/api/v1${path}/booking-questions/${third.id}`, {
        body: { position },
      });
      assert.equal(sent.statusCode, 422, JSON.stringify(position));
      assert.deepEqual(errorsOf(sent), {
        position: ['The position field must be an integer.'],
      });
    }
    assert.deepEqual(
      (await questions(null, path)).map((q) => q.id),
      [first.id, second.id, third.id],
    );

    const deleted = await owner.request('DELETE', `/api/v1${path}/booking-questions/${first.id}`);
    assert.equal(deleted.statusCode, 204);
    assert.deepEqual(
      (await questions(null, path)).map((q) => [q.id, q.position]),
      [
        [second.id, 0],
        [third.id, 1],
      ],
    );
    const again = await owner.request('DELETE', `/api/v1${path}/booking-questions/${first.id}`);
    assert.equal(again.statusCode, 404);
  });

  it('never touches another profile’s question through this one', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const [mayaQuestion] = await questions(null, `/guests/${maya}`);
    assert.ok(mayaQuestion);
    // Priya may edit her own profiles, but Maya's question is not one of them.
    const put = await pro.request(
      'PUT',
      `/api/v1/guests/${priya}/booking-questions/${mayaQuestion.id}`,
      {
        body: { body: 'Hijacked' },
      },
    );
    assert.equal(put.statusCode, 404);
    const del = await pro.request(
      'DELETE',
      `/api/v1/guests/${priya}/booking-questions/${mayaQuestion.id}`,
    );
    assert.equal(del.statusCode, 404);
    const direct = await pro.request(
      'DELETE',
      `/api/v1/guests/${maya}/booking-questions/${mayaQuestion.id}`,
    );
    assert.equal(direct.statusCode, 403);
    assert.equal((await questions(null, `/guests/${maya}`))[0]?.body, mayaQuestion.body);
  });
});

describe('booking flow preferences', () => {
  it('gives the defaults to a profile that saved none: a show has no miniview step', async () => {
    const other = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('id', 'not in', [priya, maya])
      .where('is_public', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const guest = await visitorGet(`/guests/${other.id}/booking-flow-preferences`);
    assert.deepEqual(guest.json(), {
      data: {
        pitch: true,
        'miniview-questions': false,
        questions: true,
        upsells: true,
        payment: true,
      },
    });
    const saved = await visitorGet(`/guests/${priya}/booking-flow-preferences`);
    assert.equal(saved.json().data['miniview-questions'], true);
    const show = await visitorGet(`/shows/${morning}/booking-flow-preferences`);
    assert.deepEqual(show.json(), {
      data: { pitch: true, questions: false, upsells: true, payment: true },
    });
  });

  it('switches the steps sent in updatedPreferences, and only those', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const url = `/api/v1/guests/${maya}/booking-flow-preferences`;
    const response = await owner.request('PUT', url, {
      body: { updatedPreferences: { questions: false, 'miniview-questions': true, bogus: true } },
    });
    assert.equal(response.statusCode, 200, response.body);
    const expected: BookingFlowPreferences = {
      pitch: true,
      'miniview-questions': true,
      questions: false,
      upsells: true,
      payment: true,
    };
    assert.deepEqual(response.json().data, expected);
    assert.deepEqual(
      (await visitorGet(`/guests/${maya}/booking-flow-preferences`)).json().data,
      expected,
    );

    const back = await owner.request('PUT', url, {
      body: { updatedPreferences: { questions: '1' } },
    });
    assert.equal(back.json().data.questions, true);

    const bad = await owner.request('PUT', url, {
      body: { updatedPreferences: { pitch: 'maybe' } },
    });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(errorsOf(bad), {
      'updatedPreferences.pitch': ['The updatedPreferences.pitch field must be true or false.'],
    });
    const none = await owner.request('PUT', url, { body: {} });
    assert.deepEqual(errorsOf(none), {
      updatedPreferences: ['The updatedPreferences field is required.'],
    });
  });

  it('leaves a show without the miniview step, and is the owner’s or the team’s to change', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const url = `/api/v1/shows/${founderFiles}/booking-flow-preferences`;
    const response = await agency.request('PUT', url, {
      body: { updatedPreferences: { upsells: false, 'miniview-questions': true } },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json().data, {
      pitch: true,
      questions: true,
      upsells: false,
      payment: true,
    });
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const refused = await other.request('PUT', url, { body: { updatedPreferences: {} } });
    assert.equal(refused.statusCode, 403);
  });
});

describe('upsell packages', () => {
  const upsellUrl = (path: string) => `/api/v1${path}/upsell-packages`;

  it('lists a profile’s packages with the price in cents and the profile named', async () => {
    const response = await visitorGet(`/shows/${founderFiles}/upsell-packages`);
    assert.equal(response.statusCode, 200);
    const packages = response.json<{ data: UpsellPackage[] }>().data;
    assert.deepEqual(
      packages.map(({ id: _id, ...rest }) => rest),
      [
        {
          title: 'Sponsor read in the episode',
          description: 'A 30-second read about your company in the episode you appear in.',
          price: 30000,
          currency: 'USD',
          url: null,
          social_handle: null,
          profile_type: 'show',
          profile_name: 'The Founder Files',
          profile_id: founderFiles,
        },
        {
          title: 'Clip on Instagram',
          description: 'A one-minute clip of your interview on our Instagram.',
          price: 10000,
          currency: 'USD',
          url: 'https://www.instagram.com/founderfiles.demo',
          social_handle: '@founderfiles',
          profile_type: 'show',
          profile_name: 'The Founder Files',
          profile_id: founderFiles,
        },
      ],
    );
  });

  it('creates, replaces and deletes a package; cents both ways, kept exactly', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const url = upsellUrl(`/guests/${maya}`);
    const created = await owner.post(url, {
      title: 'Instagram story',
      description: 'A story on my account the day the episode airs.',
      price: 1999,
      currency: 'USD',
      social_handle: '@mayabrooks',
    });
    assert.equal(created.statusCode, 201, created.body);
    const upsell = created.json<{ data: UpsellPackage }>().data;
    assert.equal(upsell.price, 1999);
    assert.equal(upsell.profile_name, 'Maya Brooks');
    const stored = await ctx.db
      .selectFrom('upsell_packages')
      .select('price')
      .where('id', '=', upsell.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.price, 1999);

    const replaced = await owner.request('PUT', `${url}/${upsell.id}`, {
      body: {
        title: 'Instagram story and post',
        price: 2500,
        currency: 'USD',
        url: 'https://example.com/ig',
      },
    });
    assert.equal(replaced.statusCode, 200, replaced.body);
    assert.deepEqual(replaced.json<{ data: UpsellPackage }>().data, {
      ...upsell,
      title: 'Instagram story and post',
      description: null,
      price: 2500,
      url: 'https://example.com/ig',
      social_handle: null,
    });
    assert.equal((await owner.request('DELETE', `${url}/${upsell.id}`)).statusCode, 204);
    assert.equal((await owner.request('DELETE', `${url}/${upsell.id}`)).statusCode, 404);
    const put = await owner.request('PUT', `${url}/${upsell.id}`, {
      body: { title: 'Gone', price: 100, currency: 'USD' },
    });
    assert.equal(put.statusCode, 404);
  });

  it('answers 422 with every field’s message', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const url = upsellUrl(`/guests/${maya}`);
    const empty = await owner.post(url, {});
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(empty.json(), {
      message: 'The title field is required.',
      errors: {
        title: ['The title field is required.'],
        price: ['The price field is required.'],
        currency: ['The currency field is required.'],
      },
    });
    const wrong = await owner.post(url, {
      title: 'x'.repeat(256),
      price: -1,
      currency: 'EUR',
      url: 'u'.repeat(256),
      social_handle: 's'.repeat(256),
    });
    assert.deepEqual(errorsOf(wrong), {
      title: ['The title field must not be greater than 255 characters.'],
      price: ['The price field must be at least 0.'],
      currency: ['The selected currency is invalid. Allowed: USD.'],
      url: ['The url field must not be greater than 255 characters.'],
      social_handle: ['The social handle field must not be greater than 255 characters.'],
    });
    for (const price of [null, '']) {
      const response = await owner.post(url, { title: 'T', price, currency: 'USD' });
      assert.equal(response.statusCode, 422, String(price));
      assert.deepEqual(errorsOf(response), { price: ['The price field is required.'] });
    }
    // cents as a whole JSON number: never text, never a fraction (decision 069, issue 28)
    for (const price of ['ten', '2500', '19.99', ' 5 ', true, 19.99, 2500.5]) {
      const response = await owner.post(url, { title: 'T', price, currency: 'USD' });
      assert.equal(response.statusCode, 422, JSON.stringify(price));
      assert.deepEqual(errorsOf(response), { price: ['The price field must be an integer.'] });
    }
    const over = await owner.post(url, { title: 'T', price: 100_000_001, currency: 'USD' });
    assert.deepEqual(errorsOf(over), {
      price: ['The price field must not be greater than 100000000.'],
    });
    // a free package is allowed
    const free = await owner.post(url, { title: 'Shout-out', price: 0, currency: 'USD' });
    assert.equal(free.statusCode, 201, free.body);
  });

  it('keeps a url only as an http(s) link: never javascript:, data: or a bare name', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const guestUrl = upsellUrl(`/guests/${priya}`);
    const created = await owner.post(guestUrl, {
      title: 'Newsletter mention',
      price: 3000,
      currency: 'USD',
      url: 'https://priya.example.com/newsletter?issue=12#latest',
    });
    assert.equal(created.statusCode, 201, created.body);
    const upsell = created.json<{ data: UpsellPackage }>().data;
    assert.equal(upsell.url, 'https://priya.example.com/newsletter?issue=12#latest');

    const refused = [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)//https://example.com',
      'data:text/html,x',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//example.com/a',
      'example.com/a',
      'ftp://example.com/a',
      'https://user:secret@example.com/',
      ' https://example.com/a',
      'https://example.com/a b',
    ];
    const showUrl = upsellUrl(`/shows/${founderFiles}`);
    for (const url of refused) {
      const body = { title: 'Link', price: 100, currency: 'USD', url };
      for (const [method, target] of [
        ['POST', guestUrl],
        ['PUT', `${guestUrl}/${upsell.id}`],
        ['POST', showUrl],
      ] as const) {
        const response = await owner.request(method, target, { body });
        assert.equal(response.statusCode, 422, `${method} ${target} ${url}`);
        assert.deepEqual(response.json(), {
          message: 'This is not a valid URL',
          errors: { url: ['This is not a valid URL'] },
        });
      }
    }
    // nothing refused was stored: every kept link is http(s), and the package keeps its own
    const otherSchemes = await ctx.db
      .selectFrom('upsell_packages')
      .select('url')
      .where('url', '!~*', '^https?://')
      .execute();
    assert.deepEqual(otherSchemes, []);
    const again = await owner.get(guestUrl);
    assert.equal(
      again.json<{ data: UpsellPackage[] }>().data.find((item) => item.id === upsell.id)?.url,
      'https://priya.example.com/newsletter?issue=12#latest',
    );
  });

  it('is the owner’s or the team’s to change; another profile’s package is 404 here', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const added = await agency.post(upsellUrl(`/guests/${priya}`), {
      title: 'Podcast guest kit',
      price: 4000,
      currency: 'USD',
    });
    assert.equal(added.statusCode, 201, added.body);
    const { id } = added.json<{ data: UpsellPackage }>().data;

    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const refused = await other.request('PUT', `${upsellUrl(`/guests/${priya}`)}/${id}`, {
      body: { title: 'Mine now', price: 100, currency: 'USD' },
    });
    assert.equal(refused.statusCode, 403);
    const throughOwn = await other.request('DELETE', `${upsellUrl(`/shows/${morning}`)}/${id}`);
    assert.equal(throughOwn.statusCode, 404);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `${upsellUrl(`/guests/${priya}`)}`,
    });
    assert.ok(anonymous.json().data.some((upsell: UpsellPackage) => upsell.id === id));
  });
});

describe('pitch settings', () => {
  it('reads the card’s pitch settings with the most the price may be', async () => {
    const response = await visitorGet(`/guests/${priya}/pitch-settings`);
    assert.deepEqual(response.json(), {
      data: { is_enabled: true, price: 5000, highest_price: 40000 },
    });
    // A show that sells nothing has no most: highest_price null.
    const none = await visitorGet(`/shows/${wellRested}/pitch-settings`);
    assert.deepEqual(none.json(), {
      data: { is_enabled: true, price: null, highest_price: null },
    });
  });

  it('refuses a price above the highest booking option with the spec’s message', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const url = `/api/v1/guests/${priya}/pitch-settings`;
    const over = await owner.request('PUT', url, { body: { is_enabled: true, price: 40001 } });
    assert.equal(over.statusCode, 422);
    assert.deepEqual(over.json(), {
      message: 'Price cannot be more than your highest booking option ($400)',
      errors: { price: ['Price cannot be more than your highest booking option ($400)'] },
    });
    const top = await owner.request('PUT', url, { body: { price: 40000 } });
    assert.equal(top.statusCode, 200, top.body);
    assert.deepEqual(top.json().data, { is_enabled: true, price: 40000, highest_price: 40000 });

    const cleared = await owner.request('PUT', url, { body: { is_enabled: false, price: null } });
    assert.deepEqual(cleared.json().data, { is_enabled: false, price: null, highest_price: 40000 });

    const bad = await owner.request('PUT', url, { body: { is_enabled: 'soon', price: -5 } });
    assert.deepEqual(errorsOf(bad), {
      is_enabled: ['The is enabled field must be true or false.'],
      price: ['The price field must be at least 0.'],
    });

    const show = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    // A show that sells nothing (its prices removed) may not charge for a pitch either.
    const emptied = await show.request('PUT', `/api/v1/shows/${sofiaShow}/option-prices`, {
      body: { option_prices: [] },
    });
    assert.equal(emptied.statusCode, 200, emptied.body);
    const noOptions = await show.request('PUT', `/api/v1/shows/${sofiaShow}/pitch-settings`, {
      body: { is_enabled: true, price: 150 },
    });
    assert.deepEqual(errorsOf(noOptions), {
      price: ['Price cannot be more than your highest booking option ($0)'],
    });
    const cents = await show.request('PUT', `/api/v1/shows/${morning}/pitch-settings`, {
      body: { price: 999999999 },
    });
    const highest = await ctx.db
      .selectFrom('show_profiles')
      .select('highest_price')
      .where('id', '=', morning)
      .executeTakeFirstOrThrow();
    assert.ok(highest.highest_price);
    const dollars = highest.highest_price / 100;
    assert.deepEqual(errorsOf(cents), {
      price: [
        `Price cannot be more than your highest booking option ($${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)})`,
      ],
    });
  });

  it('takes the price in cents as a JSON number only: "100" is 422, not 100', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    for (const path of [`/guests/${priya}`, `/shows/${founderFiles}`]) {
      const url = `/api/v1${path}/pitch-settings`;
      const before = (await visitorGet(`${path}/pitch-settings`)).json<{
        data: PitchSettingsDetail;
      }>().data;
      for (const price of ['100', ' 100 ', '1e2', 100.5, true]) {
        const response = await owner.request('PUT', url, { body: { price } });
        assert.equal(response.statusCode, 422, `${path} ${JSON.stringify(price)}`);
        assert.deepEqual(response.json(), {
          message: 'The price field must be an integer.',
          errors: { price: ['The price field must be an integer.'] },
        });
      }
      // with another field's error, both are named
      const both = await owner.request('PUT', url, { body: { is_enabled: 'yes', price: '100' } });
      assert.deepEqual(errorsOf(both), {
        is_enabled: ['The is enabled field must be true or false.'],
        price: ['The price field must be an integer.'],
      });
      assert.deepEqual(
        (await visitorGet(`${path}/pitch-settings`)).json<{ data: PitchSettingsDetail }>().data,
        before,
        `${path}: nothing changed`,
      );
      // the number itself is taken
      const saved = await owner.request('PUT', url, { body: { price: 100 } });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal(saved.json<{ data: PitchSettingsDetail }>().data.price, 100);
      const restored = await owner.request('PUT', url, { body: { price: before.price } });
      assert.equal(restored.statusCode, 200, restored.body);
    }
  });

  it('is 403 to another user and 401 to a visitor', async () => {
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const refused = await other.request('PUT', `/api/v1/shows/${founderFiles}/pitch-settings`, {
      body: { is_enabled: false },
    });
    assert.equal(refused.statusCode, 403);
    const visitor = await new TestClient(ctx.app).request(
      'PUT',
      `/api/v1/shows/${founderFiles}/pitch-settings`,
      { body: { is_enabled: false } },
    );
    assert.equal(visitor.statusCode, 401);
  });
});

describe('kept public answers (decision 080)', () => {
  it('show a visitor the new pitch settings and questions at once', async () => {
    const profileUrl = `/guests/${maya}`;
    const first = await visitorGet(profileUrl);
    assert.ok(first.headers.etag, 'a visitor’s profile is kept');
    const before = first.json<{ data: GuestProfileDetail }>().data.pitch_settings;
    assert.deepEqual(before, { is_enabled: true, price: 2500 });
    const keptQuestions = await visitorGet(`${profileUrl}/booking-questions`);
    assert.equal(
      (await visitorGet(`${profileUrl}/booking-questions`)).headers.etag,
      keptQuestions.headers.etag,
    );

    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const saved = await owner.request('PUT', `/api/v1${profileUrl}/pitch-settings`, {
      body: { is_enabled: false, price: 1000 },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json<{ data: PitchSettingsDetail }>().data, {
      is_enabled: false,
      price: 1000,
      highest_price: 7500,
    });
    const after = await visitorGet(profileUrl);
    assert.notEqual(after.headers.etag, first.headers.etag);
    assert.deepEqual(after.json<{ data: GuestProfileDetail }>().data.pitch_settings, {
      is_enabled: false,
      price: 1000,
    });
    const list = await visitorGet('/guests?limit=100');
    const card = list.json().data.find((guest: { id: number }) => guest.id === maya);
    assert.deepEqual(card.pitch_settings, { is_enabled: false, price: 1000 });

    await owner.post(`/api/v1${profileUrl}/booking-questions`, { body: 'A brand-new question' });
    const changed = await visitorGet(`${profileUrl}/booking-questions`);
    assert.equal(changed.json().data.at(-1).body, 'A brand-new question');
  });
});
