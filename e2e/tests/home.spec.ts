import { expect, expectNoAxeViolations, test } from '../support/fixtures';

test.describe('home page, as a visitor', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('shows the hero, the search with the category picker and every guest slider', async ({
    page,
  }) => {
    await expect(
      page.getByRole('heading', { level: 1, name: "Book the world's top guests & shows!" }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guests', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const search = page.getByRole('search', { name: 'Search guests' });
    await expect(search.getByRole('searchbox', { name: 'Search by name' })).toHaveAttribute(
      'placeholder',
      'Search by name',
    );
    const picker = search.getByRole('group', { name: 'Categories' });
    await expect(picker.getByRole('checkbox')).toHaveCount(5);
    const more = picker.getByRole('button', { name: /^\[\+\] \d+ more$/ });
    const hidden = Number(/(\d+)/.exec((await more.textContent())!)![1]);
    await more.click();
    await expect(picker.getByRole('checkbox')).toHaveCount(5 + hidden);

    for (const name of ['Featured', 'Curated talent', 'Categories', 'Premium']) {
      await expect(page.getByRole('list', { name }).getByRole('listitem').first()).toBeVisible();
    }
    // All guests: 15 a page.
    const all = page.getByRole('list', { name: 'All guests' });
    await expect(all.getByRole('listitem')).toHaveCount(15);
    const first = all.getByRole('listitem').first();
    await expect(first.getByRole('heading', { level: 3 })).not.toBeEmpty();
    await expect(first.getByRole('heading', { level: 3 }).getByRole('link')).toHaveAttribute(
      'href',
      /^\/guests\/[\w-]+$/,
    );
    await expect(first.getByRole('button', { name: 'See Price' })).toBeVisible();
  });

  test('the All slider loads the next page at its end', async ({ page }) => {
    const all = page.getByRole('list', { name: 'All guests' });
    await expect(all.getByRole('listitem')).toHaveCount(15);
    const next = page.getByRole('button', { name: 'Next All guests' });
    // Scroll to the end, then one more press loads page 2.
    for (let step = 0; step < 12 && (await all.getByRole('listitem').count()) === 15; step += 1) {
      await next.click();
      await page.waitForTimeout(300);
    }
    await expect(all.getByRole('listitem')).toHaveCount(30);
    await expect(page.getByRole('button', { name: 'Previous All guests' })).toBeEnabled();
  });

  test('See all leads to Browse with the slider’s filter', async ({ page }) => {
    await page.getByRole('link', { name: 'See all Featured' }).click();
    await expect(page).toHaveURL('/browse?showing=guests&featured=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse guests' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Featured' })).toBeChecked();
    await expect(
      page.getByRole('list', { name: 'Guests' }).getByRole('listitem').first(),
    ).toBeVisible();
  });

  test('switches to shows: no curated talent', async ({ page }) => {
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    await page.getByRole('button', { name: 'Shows', exact: true }).click();
    await expect(page).toHaveURL(/\?showing=shows$/);
    await expect(page.getByRole('button', { name: 'Shows', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const shows = page.getByRole('list', { name: 'All shows' });
    await expect(shows.getByRole('listitem')).toHaveCount(15);
    await expect(
      shows.getByRole('heading', { level: 3 }).getByRole('link').first(),
    ).toHaveAttribute('href', /^\/shows\/[\w-]+$/);
    await expect(page.getByRole('list', { name: 'Curated talent' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'See all Premium' })).toHaveAttribute(
      'href',
      '/browse?showing=shows&premium=1',
    );
  });

  test('searching by name and category opens Browse with them', async ({ page }) => {
    const all = page.getByRole('list', { name: 'All guests' });
    await expect(all.getByRole('listitem')).toHaveCount(15);
    const name = (await all.getByRole('heading', { level: 3 }).nth(3).textContent())!.trim();
    const search = page.getByRole('search', { name: 'Search guests' });
    await search.getByRole('searchbox', { name: 'Search by name' }).fill(name);
    await search.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/browse' && url.searchParams.get('search') === name,
    );
    const results = page.getByRole('list', { name: 'Guests' });
    await expect(results.getByRole('heading', { level: 3 })).toHaveText([name]);
    await expect(page.getByText('No more results')).toBeVisible();

    await page.goto('/');
    const picker = page.getByRole('search', { name: 'Search guests' }).getByRole('group', {
      name: 'Categories',
    });
    await picker.getByRole('checkbox').first().check();
    await page
      .getByRole('search', { name: 'Search guests' })
      .getByRole('button', { name: 'Search' })
      .click();
    await expect(page).toHaveURL(/\/browse\?showing=guests&categories=\d+$/);
    await expect(
      page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox').first(),
    ).toBeChecked();
  });

  test('has no WCAG 2 A/AA violations (axe)', async ({ page }) => {
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    await expectNoAxeViolations(page);
  });
});
