import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signedIn, startTestApp, TestClient, type TestContext, userIdOf } from '../../test/harness';
import { LIMIT_MESSAGE } from './service';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const userId = (email: string) => userIdOf(ctx.db, email);

async function clearList(id: number) {
  await ctx.db.deleteFrom('smartlist_items').where('user_id', '=', id).execute();
  await ctx.db.deleteFrom('smartlist_groups').where('user_id', '=', id).execute();
  await ctx.db.deleteFrom('favorites').where('user_id', '=', id).execute();
}

const put = (client: TestClient, url: string, body: unknown) =>
  client.request('PUT', url, { body });
const del = (client: TestClient, url: string) => client.request('DELETE', url);

describe('wishlist items', () => {
  it('adds, lists, edits, annotates and removes an item', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const me = await userId('guest@guestspot.test');
    await clearList(me);
    const base = `/api/v1/users/${me}/smartlist`;

    const created = await client.post(base, {
      type: 'guest',
      name: 'Ada Lovelace',
      domain: 'analytical.io',
      emails: ['ada@analytical.io', 'ADA@analytical.io'],
      phone: '(555) 123-4567',
      notes: ['Met at the conference'],
    });
    assert.equal(created.statusCode, 201);
    const item = created.json().data;
    assert.equal(item.name, 'Ada Lovelace');
    assert.deepEqual(item.emails, ['ada@analytical.io']);
    assert.equal(item.group, null);
    assert.equal(item.profile, null);
    assert.equal(item.notes.length, 1);
    assert.equal(item.notes[0].text, 'Met at the conference');
    assert.ok(!Number.isNaN(Date.parse(item.notes[0].created_at)));

    const list = await client.get(base);
    assert.equal(list.statusCode, 200);
    assert.deepEqual(
      list.json().data.map((entry: { id: number }) => entry.id),
      [item.id],
    );
    assert.equal((await client.get(`${base}?type=show`)).json().data.length, 0);

    const noted = await put(client, `${base}/${item.id}`, { notes: 'Follow up in May' });
    assert.equal(noted.statusCode, 200);
    assert.deepEqual(
      noted.json().data.notes.map((note: { text: string }) => note.text),
      ['Met at the conference', 'Follow up in May'],
    );

    const edited = await put(client, `${base}/${item.id}`, {
      name: 'Ada King',
      domain: '',
      emails: [],
      phone: null,
    });
    assert.equal(edited.statusCode, 200);
    assert.equal(edited.json().data.name, 'Ada King');
    assert.equal(edited.json().data.domain, null);
    assert.deepEqual(edited.json().data.emails, []);
    assert.equal(edited.json().data.notes.length, 2);

    assert.equal((await del(client, `${base}/${item.id}`)).statusCode, 204);
    assert.equal((await del(client, `${base}/${item.id}`)).statusCode, 404);
    assert.equal((await client.get(base)).json().data.length, 0);
  });

  it('answers 422 with field errors', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const me = await userId('guest@guestspot.test');
    const base = `/api/v1/users/${me}/smartlist`;
    const missing = await client.post(base, {});
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json().errors.type, ['The type field is required.']);
    assert.deepEqual(missing.json().errors.name, ['The name field is required.']);

    const bad = await client.post(base, {
      type: 'band',
      name: 'x'.repeat(256),
      domain: 'd'.repeat(256),
      phone: '1'.repeat(256),
      emails: ['ok@example.com', 'not-an-email'],
    });
    assert.equal(bad.statusCode, 422);
    const errors = bad.json().errors;
    assert.deepEqual(errors.type, ['The selected type is invalid.']);
    assert.deepEqual(errors.name, ['The name field must not be greater than 255 characters.']);
    assert.deepEqual(errors.domain, ['The domain field must not be greater than 255 characters.']);
    assert.deepEqual(errors.phone, ['The phone field must not be greater than 255 characters.']);
    assert.deepEqual(errors['emails.1'], ['The emails.1 field must be a valid email address.']);

    const notList = await client.post(base, { type: 'guest', name: 'A', emails: 'a@b.co' });
    assert.deepEqual(notList.json().errors.emails, ['The emails field must be an array.']);

    const created = await client.post(base, { type: 'guest', name: 'Grace' });
    const id = created.json().data.id;
    const blankName = await put(client, `${base}/${id}`, { name: '  ' });
    assert.equal(blankName.statusCode, 422);
    assert.deepEqual(blankName.json().errors.name, ['The name field is required.']);
    await del(client, `${base}/${id}`);
  });

  it('answers each 422 with the messages, fields and order it always had', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const me = await userId('guest@guestspot.test');
    await clearList(me);
    const base = `/api/v1/users/${me}/smartlist`;
    const groups = `/api/v1/users/${me}/smartlist-groups`;
    // the body as sent, key order included
    const answers = (response: { statusCode: number; body: string }, body: object) => {
      assert.equal(response.statusCode, 422);
      assert.equal(response.body, JSON.stringify(body));
    };
    const invalidType = {
      message: 'The selected type is invalid.',
      errors: { type: ['The selected type is invalid.'] },
    };
    answers(await client.get(`${base}?type=band`), invalidType);
    answers(await client.get(`${groups}?type[]=guest&include=items`), invalidType);

    answers(
      await client.post(base, {
        type: 'guest',
        name: 'A',
        emails: [
          null,
          '',
          5,
          `${'x'.repeat(300)}@a.co`,
          'bad',
          ' ok@x.co ',
          'a\u0000@b.co',
          '  ',
          {},
        ],
      }),
      {
        message: 'The emails.0 field is required.',
        errors: {
          'emails.0': ['The emails.0 field is required.'],
          'emails.1': ['The emails.1 field is required.'],
          'emails.2': ['The emails.2 field must be a string.'],
          'emails.3': ['The emails.3 field must not be greater than 255 characters.'],
          'emails.4': ['The emails.4 field must be a valid email address.'],
          'emails.6': ['The emails.6 field must be a string.'],
          'emails.7': ['The emails.7 field must be a valid email address.'],
          'emails.8': ['The emails.8 field must be a string.'],
        },
      },
    );
    // field checks first, then the lookups (an unknown profile), then a missing name
    answers(
      await client.post(base, {
        type: 'show',
        profile_id: 999999,
        emails: ['bad', 'b2'],
        notes: ['x', 5],
      }),
      {
        message: 'The emails.0 field must be a valid email address.',
        errors: {
          'emails.0': ['The emails.0 field must be a valid email address.'],
          'emails.1': ['The emails.1 field must be a valid email address.'],
          'notes.1': ['The notes.1 field must be a string.'],
          profile_id: ['The selected profile id is invalid.'],
        },
      },
    );
    const theirGroup = (
      await (
        await signedIn(ctx.app, 'show@guestspot.test')
      ).post(`/api/v1/users/${await userId('show@guestspot.test')}/smartlist-groups`, {
        name: 'Theirs',
        type: 'guest',
      })
    ).json().data.id;
    answers(
      await client.post(base, {
        type: 'x',
        name: '',
        phone: '1'.repeat(256),
        group_id: theirGroup,
      }),
      {
        message: 'The selected type is invalid.',
        errors: {
          type: ['The selected type is invalid.'],
          phone: ['The phone field must not be greater than 255 characters.'],
          group_id: ['The selected group id is invalid.'],
          name: ['The name field is required.'],
        },
      },
    );
    answers(await client.post(base, { type: 'guest', name: 'A', emails: '' }), {
      message: 'The emails field must be an array.',
      errors: { emails: ['The emails field must be an array.'] },
    });

    const item = (await client.post(base, { type: 'guest', name: 'Item' })).json().data;
    answers(
      await put(client, `${base}/${item.id}`, {
        name: '',
        emails: 'x',
        notes: [1],
        group_id: 99999999,
      }),
      {
        message: 'The name field is required.',
        errors: {
          name: ['The name field is required.'],
          emails: ['The emails field must be an array.'],
          'notes.0': ['The notes.0 field must be a string.'],
          group_id: ['The selected group id is invalid.'],
        },
      },
    );
    answers(await client.post(groups, { name: 5, type: 5 }), {
      message: 'The name field must be a string.',
      errors: {
        name: ['The name field must be a string.'],
        type: ['The selected type is invalid.'],
      },
    });
    await clearList(me);
    await clearList(await userId('show@guestspot.test'));
  });

  it('links an item to a public profile by profile_id (connect "add to smartlist")', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const me = await userId('guest@guestspot.test');
    await clearList(me);
    const base = `/api/v1/users/${me}/smartlist`;
    const show = await ctx.db
      .selectFrom('show_profiles')
      .select(['id', 'name', 'slug'])
      .where('is_public', '=', true)
      .where('user_id', '!=', me)
      .orderBy('id')
      .executeTakeFirstOrThrow();

    const first = await client.post(base, { type: 'show', profile_id: show.id });
    assert.equal(first.statusCode, 201);
    const item = first.json().data;
    assert.equal(item.name, show.name);
    assert.equal(item.profile.id, show.id);
    assert.equal(item.profile.slug, show.slug);
    assert.equal(item.profile.type, 'show');
    assert.equal(typeof item.profile.inquiries_only, 'boolean');
    // It is a favourite now, and adding it again answers the same entry.
    assert.equal((await client.get(`/api/v1/shows/${show.id}`)).json().data.is_favourited, true);
    const again = await client.post(base, { type: 'show', profile_id: show.id });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().data.id, item.id);

    const unknown = await client.post(base, { type: 'show', profile_id: 999999 });
    assert.equal(unknown.statusCode, 422);
    assert.deepEqual(unknown.json().errors.profile_id, ['The selected profile id is invalid.']);
    await clearList(me);
  });

  it('holds 10 items for a standard account and more for Pro', async () => {
    const standard = await signedIn(ctx.app, 'standard@guestspot.test');
    const me = await userId('standard@guestspot.test');
    await clearList(me);
    const base = `/api/v1/users/${me}/smartlist`;
    for (let index = 1; index <= 10; index += 1) {
      const response = await standard.post(base, { type: 'guest', name: `Person ${index}` });
      assert.equal(response.statusCode, 201);
    }
    const eleventh = await standard.post(base, { type: 'show', name: 'Person 11' });
    assert.equal(eleventh.statusCode, 426);
    assert.equal(eleventh.json().message, LIMIT_MESSAGE);
    assert.equal((await standard.get(base)).json().data.length, 10);
    await clearList(me);

    const pro = await signedIn(ctx.app, 'pro@guestspot.test');
    const proId = await userId('pro@guestspot.test');
    const before = (await pro.get(`/api/v1/users/${proId}/smartlist`)).json().data.length;
    const added: number[] = [];
    for (let index = 0; index < 11 - before; index += 1) {
      const response = await pro.post(`/api/v1/users/${proId}/smartlist`, {
        type: 'guest',
        name: `Pro pick ${index}`,
      });
      assert.equal(response.statusCode, 201);
      added.push(response.json().data.id);
    }
    const twelfth = await pro.post(`/api/v1/users/${proId}/smartlist`, {
      type: 'guest',
      name: 'One more',
    });
    assert.equal(twelfth.statusCode, 201);
    added.push(twelfth.json().data.id);
    for (const id of added) await del(pro, `/api/v1/users/${proId}/smartlist/${id}`);
  });

  it('lets one of three adds at once take the last place (the owner row taken in turns)', async () => {
    const standard = await signedIn(ctx.app, 'standard@guestspot.test');
    const me = await userId('standard@guestspot.test');
    await clearList(me);
    const base = `/api/v1/users/${me}/smartlist`;
    for (let index = 1; index <= 9; index += 1) {
      assert.equal(
        (await standard.post(base, { type: 'guest', name: `Person ${index}` })).statusCode,
        201,
      );
    }
    const racing = await Promise.all(
      [1, 2, 3].map((n) => standard.post(base, { type: 'show', name: `Last place ${n}` })),
    );
    assert.deepEqual(racing.map((response) => response.statusCode).sort(), [201, 426, 426]);
    assert.equal((await standard.get(base)).json().data.length, 10);
    await clearList(me);
  });

  it("is the user's own: 401 for visitors, 403 for another user's list, 419 without CSRF", async () => {
    const owner = await userId('guest@guestspot.test');
    const base = `/api/v1/users/${owner}/smartlist`;
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get(base)).statusCode, 401);

    const other = await signedIn(ctx.app, 'show@guestspot.test');
    assert.equal((await other.get(base)).statusCode, 403);
    assert.equal((await other.post(base, { type: 'guest', name: 'X' })).statusCode, 403);
    assert.equal((await other.get(`/api/v1/users/${owner}/smartlist-groups`)).statusCode, 403);

    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const created = await client.post(base, { type: 'guest', name: 'Mine' });
    const id = created.json().data.id;
    assert.equal((await put(other, `${base}/${id}`, { notes: 'hi' })).statusCode, 403);
    assert.equal((await del(other, `${base}/${id}`)).statusCode, 403);
    // Their own list's path with my item's id: not found there.
    const theirs = `/api/v1/users/${await userId('show@guestspot.test')}/smartlist/${id}`;
    assert.equal((await del(other, theirs)).statusCode, 404);

    const noCsrf = await client.request('POST', base, {
      body: { type: 'guest', name: 'X' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
    await del(client, `${base}/${id}`);
  });

  it('lets an admin impersonating the user manage their list', async () => {
    const admin = await signedIn(ctx.app, 'admin@guestspot.test');
    const target = await userId('standard@guestspot.test');
    await clearList(target);
    const started = await admin.post(`/api/v1/auth/impersonate/${target}`);
    assert.ok([200, 204].includes(started.statusCode), started.body);
    const created = await admin.post(`/api/v1/users/${target}/smartlist`, {
      type: 'guest',
      name: 'Added by support',
    });
    assert.equal(created.statusCode, 201);
    await clearList(target);
  });
});

describe('wishlist groups', () => {
  it('creates, renames, moves items into and deletes groups (items become ungrouped)', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const me = await userId('guest@guestspot.test');
    await clearList(me);
    const items = `/api/v1/users/${me}/smartlist`;
    const groups = `/api/v1/users/${me}/smartlist-groups`;

    const group = await client.post(groups, { name: 'Tech founders', type: 'guest' });
    assert.equal(group.statusCode, 201);
    const groupId = group.json().data.id;
    assert.deepEqual(group.json().data, {
      id: groupId,
      name: 'Tech founders',
      type: 'guest',
      items: [],
    });
    const showGroup = (await client.post(groups, { name: 'Shows', type: 'show' })).json().data;

    const item = (await client.post(items, { type: 'guest', name: 'Linus' })).json().data;
    const moved = await put(client, `${items}/${item.id}`, { group_id: groupId });
    assert.equal(moved.statusCode, 200);
    assert.equal(moved.json().data.group, groupId);

    // A group of the other type, or someone else's, is not a place for it.
    const wrongType = await put(client, `${items}/${item.id}`, { group_id: showGroup.id });
    assert.equal(wrongType.statusCode, 422);
    assert.deepEqual(wrongType.json().errors.group_id, ['The selected group id is invalid.']);

    const listed = await client.get(`${groups}?include=items`);
    const tech = listed.json().data.find((candidate: { id: number }) => candidate.id === groupId);
    assert.deepEqual(
      tech.items.map((entry: { id: number }) => entry.id),
      [item.id],
    );
    const guestOnly = await client.get(`${groups}?type=guest`);
    assert.deepEqual(
      guestOnly.json().data.map((candidate: { id: number }) => candidate.id),
      [groupId],
    );
    assert.deepEqual(guestOnly.json().data[0].items, []);

    const renamed = await put(client, `${groups}/${groupId}`, { name: 'Founders' });
    assert.equal(renamed.statusCode, 200);
    assert.equal(renamed.json().data.name, 'Founders');
    const blank = await put(client, `${groups}/${groupId}`, { name: '' });
    assert.equal(blank.statusCode, 422);
    assert.deepEqual(blank.json().errors.name, ['The name field is required.']);

    const ungroup = await put(client, `${items}/${item.id}`, { group_id: null });
    assert.equal(ungroup.json().data.group, null);
    await put(client, `${items}/${item.id}`, { group_id: groupId });

    assert.equal((await del(client, `${groups}/${groupId}`)).statusCode, 204);
    const after = (await client.get(items)).json().data;
    assert.equal(after.length, 1, 'the item survives its group');
    assert.equal(after[0].group, null);
    await clearList(me);
  });

  it('validates groups and keeps them to their owner', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const me = await userId('guest@guestspot.test');
    const groups = `/api/v1/users/${me}/smartlist-groups`;
    const bad = await client.post(groups, { name: 'n'.repeat(256), type: 'x' });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors, {
      name: ['The name field must not be greater than 255 characters.'],
      type: ['The selected type is invalid.'],
    });
    const missing = await client.post(groups, {});
    assert.deepEqual(Object.keys(missing.json().errors).sort(), ['name', 'type']);

    const group = (await client.post(groups, { name: 'Mine', type: 'show' })).json().data;
    const other = await signedIn(ctx.app, 'show@guestspot.test');
    const otherId = await userId('show@guestspot.test');
    assert.equal((await put(other, `${groups}/${group.id}`, { name: 'Ha' })).statusCode, 403);
    assert.equal((await del(other, `${groups}/${group.id}`)).statusCode, 403);
    const theirPath = `/api/v1/users/${otherId}/smartlist-groups/${group.id}`;
    assert.equal((await put(other, theirPath, { name: 'Ha' })).statusCode, 404);
    assert.equal((await del(other, theirPath)).statusCode, 404);
    // Nor can they file their items into my group.
    const theirItem = (
      await other.post(`/api/v1/users/${otherId}/smartlist`, { type: 'show', name: 'Pod' })
    ).json().data;
    const stolen = await put(other, `/api/v1/users/${otherId}/smartlist/${theirItem.id}`, {
      group_id: group.id,
    });
    assert.equal(stolen.statusCode, 422);
    await del(other, `/api/v1/users/${otherId}/smartlist/${theirItem.id}`);
    await del(client, `${groups}/${group.id}`);
  });
});
