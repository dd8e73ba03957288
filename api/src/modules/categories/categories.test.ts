import assert from 'node:assert/strict';
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
