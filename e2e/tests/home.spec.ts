import { expect, expectNoAxeViolations, test } from '../support/fixtures';

test.describe('home page, as a visitor', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('shows the hero and the guests from the API, as cards', async ({ page }) => {
    await expect(
      page.getByRole('heading', { level: 1, name: "Book the world's top guests & shows!" }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guests' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Shows' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const list = page.getByRole('list', { name: 'All guests' });
    // 60 seeded guests, 15 a page.
    await expect(list.getByRole('listitem')).toHaveCount(15);
    const first = list.getByRole('listitem').first();
    await expect(first.getByRole('heading', { level: 3 })).not.toBeEmpty();
    await expect(first.getByRole('link')).toHaveAttribute('href', /^\/guests\/[\w-]+$/);
    await expect(first.getByRole('button', { name: 'See Price' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  });

  test('switches to shows', async ({ page }) => {
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    await page.getByRole('button', { name: 'Shows' }).click();
    await expect(page).toHaveURL(/\?showing=shows$/);
    await expect(page.getByRole('button', { name: 'Shows' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const shows = page.getByRole('list', { name: 'All shows' });
    await expect(shows.getByRole('listitem')).toHaveCount(15);
    await expect(shows.getByRole('link').first()).toHaveAttribute('href', /^\/shows\/[\w-]+$/);
  });

  test('searching by name narrows the list', async ({ page }) => {
    const list = page.getByRole('list', { name: 'All guests' });
    await expect(list.getByRole('listitem')).toHaveCount(15);
    const name = (await list.getByRole('heading', { level: 3 }).nth(3).textContent())!.trim();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
    await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === name);
    await expect(list.getByRole('heading', { level: 3 })).toHaveText([name]);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('pagination moves to page 2', async ({ page }) => {
    const list = page.getByRole('list', { name: 'All guests' });
    await expect(list.getByRole('listitem')).toHaveCount(15);
    const firstPage = await list.getByRole('heading', { level: 3 }).allTextContents();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await pagination.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pagination.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(list.getByRole('listitem')).toHaveCount(15);
    await expect(list.getByRole('heading', { level: 3 }).first()).not.toHaveText(firstPage[0]!);
    const secondPage = await list.getByRole('heading', { level: 3 }).allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
  });

  test('has no WCAG 2 A/AA violations (axe)', async ({ page }) => {
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    await expectNoAxeViolations(page);
  });
});
