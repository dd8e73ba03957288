import { expect, expectLivePage, expectNoAxeViolations, test } from '../support/fixtures';
import type { Page } from '@playwright/test';

// A visitor on /browse: search, filter by category and price, sort, scroll to the end, and open
// a profile. Every step is in the URL, so a copied link reproduces the view.

const cards = (page: Page) => page.getByRole('list', { name: 'Guests' }).getByRole('listitem');
const names = (page: Page) =>
  page.getByRole('list', { name: 'Guests' }).getByRole('heading', { level: 3 });

/** "42 guests" → 42 */
async function total(page: Page): Promise<number> {
  const status = page.getByRole('region', { name: 'Results' }).getByRole('status');
  await expect(status).toHaveText(/^\d+ guests?$/);
  return Number.parseInt((await status.textContent())!, 10);
}

test.describe('Browse, as a visitor', () => {
  test('search, filter by category and price, sort, scroll to the end, open a profile', async ({
    page,
  }) => {
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse guests' })).toBeVisible();
    await expect(cards(page)).toHaveCount(15);
    const everyone = await total(page);
    expect(everyone).toBeGreaterThan(45);
    await expect(cards(page).first().getByRole('button', { name: 'See Price' })).toBeVisible();

    // Search by name.
    const name = (await names(page).nth(4).textContent())!.trim();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
    await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
    await expect(page).toHaveURL((url) => url.searchParams.get('search') === name);
    await expect(names(page)).toHaveText([name]);
    await expect(page.getByText('No more results')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(cards(page)).toHaveCount(15);

    // Filter by a category, then by a price bucket.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    // The URL is the state: the box shows checked once the navigation has happened.
    await filters.getByRole('checkbox', { name: 'Business' }).click();
    await expect(filters.getByRole('checkbox', { name: 'Business' })).toBeChecked();
    await expect(page).toHaveURL(/[?&]categories=\d+(&|$)/);
    const inBusiness = await total(page);
    expect(inBusiness).toBeLessThan(everyone);
    await filters.getByRole('checkbox', { name: '$101 – $250' }).click();
    await expect(page).toHaveURL(/[?&]prices=101-250(&|$)/);
    await expect.poll(() => total(page)).toBeLessThanOrEqual(inBusiness);

    // Sort by price, highest first; a reload reproduces the same view.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('-price');
    await expect(page).toHaveURL(/[?&]sortBy=-price$/);
    await expect(names(page).first()).toBeVisible();
    const sorted = await names(page).allTextContents();
    expect(sorted.length).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-price');
    await expect(filters.getByRole('checkbox', { name: 'Business' })).toBeChecked();
    await expect(filters.getByRole('checkbox', { name: '$101 – $250' })).toBeChecked();
    await expect(names(page)).toHaveText(sorted);

    // Back to everyone: scrolling loads page after page until 'No more results'.
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/browse?showing=guests&sortBy=-price');
    await expect(cards(page)).toHaveCount(15);
    const end = page.getByText('No more results');
    for (let step = 0; step < 10 && !(await end.isVisible()); step += 1) {
      await page
        .getByRole('region', { name: 'Results' })
        .locator('.gs-browse__more')
        .scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(400);
    }
    await expect(end).toBeVisible();
    await expect(cards(page)).toHaveCount(everyone);

    // Open a profile from its card.
    const last = cards(page).last();
    const href = await last
      .getByRole('heading', { level: 3 })
      .getByRole('link')
      .getAttribute('href');
    expect(href).toMatch(/^\/guests\/[\w-]+$/);
    await last.getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect(page).toHaveURL(href!);
    const profileName = page.getByRole('heading', { level: 1 });
    await expect(profileName).not.toBeEmpty();

    // A visitor meets the login dialog instead of booking.
    await page
      .getByRole('button', { name: /^(Book|Request to Book)$/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Sign in to Guestspot' })).toBeVisible();
  });

  test('the keyboard way: Load more, and No results with Clear filters', async ({ page }) => {
    await page.goto('/browse?showing=shows');
    const shows = page.getByRole('list', { name: 'Shows' }).getByRole('listitem');
    await expect(shows).toHaveCount(15);
    // The server-rendered list takes no focus until the page's code is there (decision 077).
    await expectLivePage(page);
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shows.count()).toBeGreaterThan(15);

    await page.goto('/browse?showing=guests&search=zzzz-nobody');
    await expect(page.getByText('No results')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Results' }).getByRole('status')).toHaveText(
      '0 guests',
    );
  });

  test("a visitor's See Price opens the login dialog", async ({ page }) => {
    await page.goto('/browse?showing=guests&prices=0');
    await cards(page).first().getByRole('button', { name: 'See Price' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to Guestspot' })).toBeVisible();
  });

  test('has no WCAG 2 A/AA violations (axe)', async ({ page }) => {
    await page.goto('/browse?showing=guests&featured=1');
    await expect(cards(page).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
