import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import type { Category } from '../../contract';
import { startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('GET /categories', () => {
  it('answers {success: true, data} with counts of public profiles', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/categories?exclude=subcategories',
    });
    assert.equal(response.statusCode, 200);
    const body = response.json();
    assert.equal(body.success, true);
    const names = body.data.map((category: Category) => category.name);
    assert.equal(names.length, 12);
    assert.ok(names.includes('Health & Wellness'));
    for (const category of body.data as Category[]) {
      assert.deepEqual(Object.keys(category).sort(), ['counts', 'id', 'image_url', 'name']);
      assert.equal(category.image_url, `/api/v1/images/categories/${category.id}.svg`);
    }
    const guests = (body.data as Category[]).reduce(
      (sum, category) => sum + category.counts.guests,
      0,
    );
    assert.ok(guests >= 59, 'every public guest is in at least one category');
  });

  it('lists subcategories after their parent unless excluded', async () => {
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/categories' })).json()
      .data as Category[];
    assert.ok(all.length > 12);
    const business = all.findIndex((category) => category.name === 'Business');
    assert.equal(all[business + 1]?.name, 'Leadership');
  });

  it('answers 422 to an unknown exclude', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/categories?exclude=everything',
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The selected exclude is invalid.',
      errors: { exclude: ['The selected exclude is invalid.'] },
    });
  });
});

describe('category counts, kept by the database on every write (migration 022)', () => {
  /** A category's counts as GET /categories says them, by name. */
  async function countsOf(name: string) {
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/categories' })).json()
      .data as Category[];
    const category = all.find((item) => item.name === name);
    assert.ok(category, `${name} is listed`);
    return category.counts;
  }

  /** What the counts would be if counted now, from the profiles themselves. */
  async function countedNow(name: string) {
    const { rows } = await sql<{ guests: number; shows: number }>`
      select category_guest_count(id) as guests, category_show_count(id) as shows
      from categories where name = ${name}`.execute(ctx.db);
    return rows[0];
  }

  async function categoryId(name: string) {
    const row = await ctx.db
      .selectFrom('categories')
      .select(['id', 'parent_id'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row;
  }

  it('match a count of the catalogue for every category', async () => {
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/categories' })).json()
      .data as Category[];
    for (const category of all) {
      assert.deepEqual(category.counts, await countedNow(category.name), category.name);
    }
  });

  it('follow a profile’s categories, its subcategory’s parent and its visibility', async () => {
    const leadership = await categoryId('Leadership');
    const business = (
      await ctx.db
        .selectFrom('categories')
        .select('name')
        .where('id', '=', leadership.parent_id!)
        .executeTakeFirstOrThrow()
    ).name;
    const profile = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('guest_profile_categories as pc')
              .innerJoin('categories as c', 'c.id', 'pc.category_id')
              .select('pc.category_id')
              .whereRef('pc.guest_profile_id', '=', 'guest_profiles.id')
              .where((eb) =>
                eb.or([
                  eb('c.id', '=', leadership.parent_id!),
                  eb('c.parent_id', '=', leadership.parent_id!),
                ]),
              ),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = { leadership: await countsOf('Leadership'), business: await countsOf(business) };

    await ctx.db
      .insertInto('guest_profile_categories')
      .values({ guest_profile_id: profile.id, category_id: leadership.id })
      .execute();
    assert.equal((await countsOf('Leadership')).guests, before.leadership.guests + 1);
    assert.equal((await countsOf(business)).guests, before.business.guests + 1, 'the parent too');

    // Paused (hidden) and public again.
    await ctx.db
      .updateTable('guest_profiles')
      .set({ is_public: false })
      .where('id', '=', profile.id)
      .execute();
    assert.equal((await countsOf('Leadership')).guests, before.leadership.guests);
    assert.equal((await countsOf(business)).guests, before.business.guests);
    await ctx.db
      .updateTable('guest_profiles')
      .set({ is_public: true })
      .where('id', '=', profile.id)
      .execute();
    assert.equal((await countsOf('Leadership')).guests, before.leadership.guests + 1);

    // Deleting the profile takes its links, and its place in the counts.
    await ctx.db.deleteFrom('guest_profiles').where('id', '=', profile.id).execute();
    assert.deepEqual(await countsOf('Leadership'), before.leadership);
    assert.deepEqual(await countsOf(business), before.business);
  });

  it('stay equal to a count of the catalogue through statements of many rows (migration 055)', async () => {
    const all = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/categories' })).json()
        .data as Category[];
    const assertCounted = async (step: string) => {
      for (const category of await all()) {
        assert.deepEqual(
          category.counts,
          await countedNow(category.name),
          `${step}: ${category.name}`,
        );
      }
    };
    const leadership = await categoryId('Leadership');
    const parent = leadership.parent_id!;
    const guests = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', true)
      .orderBy('id')
      .limit(3)
      .execute();
    const ids = guests.map((guest) => guest.id);
    const linksBefore = await ctx.db
      .selectFrom('guest_profile_categories')
      .selectAll()
      .where('guest_profile_id', 'in', ids)
      .execute();
    try {
      await ctx.db
        .deleteFrom('guest_profile_categories')
        .where('guest_profile_id', 'in', ids)
        .execute();
      await assertCounted('their links deleted');
      // each in the parent and its subcategory at once: counted once in the parent
      await ctx.db
        .insertInto('guest_profile_categories')
        .values(
          ids.flatMap((id) =>
            [parent, leadership.id].map((category_id) => ({ guest_profile_id: id, category_id })),
          ),
        )
        .execute();
      await assertCounted('in a parent and its subcategory');
      // one statement moves all the subcategory links elsewhere, one hides two of them
      const other = await ctx.db
        .selectFrom('categories')
        .select('id')
        .where('id', 'not in', [parent, leadership.id])
        .where('parent_id', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('guest_profile_categories')
        .set({ category_id: other.id })
        .where('guest_profile_id', 'in', ids)
        .where('category_id', '=', leadership.id)
        .execute();
      await assertCounted('links moved');
      await ctx.db
        .updateTable('guest_profiles')
        .set({ is_public: false })
        .where('id', 'in', ids.slice(0, 2))
        .execute();
      await assertCounted('two hidden');
      await ctx.db
        .deleteFrom('guest_profile_categories')
        .where('guest_profile_id', 'in', ids)
        .where('category_id', '=', parent)
        .execute();
      await assertCounted('the parent links deleted');
    } finally {
      await ctx.db
        .updateTable('guest_profiles')
        .set({ is_public: true })
        .where('id', 'in', ids)
        .execute();
      await ctx.db
        .deleteFrom('guest_profile_categories')
        .where('guest_profile_id', 'in', ids)
        .execute();
      if (linksBefore.length)
        await ctx.db.insertInto('guest_profile_categories').values(linksBefore).execute();
    }
    await assertCounted('as before');
  });

  it('count a show in the category once, whatever else changes on the profile', async () => {
    const show = await ctx.db
      .selectFrom('show_profile_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.show_profile_id', 'c.name'])
      .orderBy('pc.show_profile_id')
      .executeTakeFirstOrThrow();
    const before = await countsOf(show.name);
    await ctx.db
      .updateTable('show_profiles')
      .set({ name: 'Renamed show' })
      .where('id', '=', show.show_profile_id)
      .execute();
    assert.deepEqual(await countsOf(show.name), before);
    await ctx.db
      .deleteFrom('show_profile_categories')
      .where('show_profile_id', '=', show.show_profile_id)
      .execute();
    assert.deepEqual(await countsOf(show.name), await countedNow(show.name));
    assert.equal((await countsOf(show.name)).shows, before.shows - 1);
  });
});
