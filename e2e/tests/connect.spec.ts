import type { Page } from '@playwright/test';
import { demoUsers, expect, test } from '../support/fixtures';

// Connect: pro@ (a Pro account with a guest profile and a show) explores shows from the
// dashboard's Connect card, nopes one, adds one to the wishlist, and swipes on past the
// look-ahead (the next page is fetched when 3 remain) or to the end.

const EXHAUSTED = 'There are no more shows that match your interests!';

function candidateName(page: Page) {
  return page.getByRole('dialog', { name: 'Explore Shows' }).getByRole('heading', { level: 3 });
}

test('a Pro user with a guest profile explores shows: nope, add to the wishlist, page on', async ({
  page,
  signIn,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/shows/connect-candidates')) requests.push(request.url());
  });
  await signIn(demoUsers.pro, '/dashboard');
  const card = page.getByRole('region', { name: 'Connect' });
  await expect(card.getByRole('button', { name: 'Explore Guests' })).toBeVisible();
  await card.getByRole('button', { name: 'Explore Shows' }).click();

  const dialog = page.getByRole('dialog', { name: 'Explore Shows' });
  await expect(dialog).toBeVisible();
  const first = await candidateName(page).textContent();
  expect(first).toBeTruthy();
  expect(first).not.toBe('The Founder Files'); // pro@'s own show is never a candidate

  // The info panel.
  await dialog.getByRole('button', { name: 'Info' }).click();
  await expect(dialog.getByRole('region', { name: 'Booking options' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'About' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Profile reach' })).toBeVisible();

  // Nope: the server stores the rejection, the next candidate shows.
  const rejected = page.waitForResponse((response) =>
    response.url().endsWith('/api/v1/shows/reject-connect-candidate'),
  );
  await dialog.getByRole('button', { name: 'Nope' }).click();
  expect((await rejected).status()).toBe(200);
  await expect(candidateName(page)).not.toHaveText(first!);

  // Add to the smartlist.
  const second = (await candidateName(page).textContent())!;
  await dialog.getByRole('button', { name: 'Add to smartlist' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `${second} was added to your wishlist.`,
  );
  await expect(candidateName(page)).not.toHaveText(second);

  // Swipe on with the keyboard until the look-ahead has fetched a next page, or the end.
  let passed = 2;
  const seen: string[] = [];
  while (passed < 12) {
    if (await dialog.getByText(EXHAUSTED).isVisible()) break;
    const name = (await candidateName(page).textContent())!;
    seen.push(name);
    await page.keyboard.press('ArrowRight');
    passed += 1;
    await expect(dialog.getByText(EXHAUSTED).or(candidateName(page))).toBeVisible();
    if (await candidateName(page).isVisible()) {
      await expect(candidateName(page)).not.toHaveText(name);
    }
  }
  if (!(await dialog.getByText(EXHAUSTED).isVisible())) {
    // 12 candidates seen: the next page was asked for.
    expect(requests.length).toBeGreaterThanOrEqual(2);
  }
  // Later pages leave out the candidates already loaded; nothing is offered twice.
  for (const url of requests.slice(1)) expect(url).toContain('exclude=');
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen).not.toContain(first);
  expect(seen).not.toContain(second);

  // Escape closes the modal; the added show is on the wishlist.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.goto('/wishlist?tab=show');
  await expect(page.getByText(second, { exact: true }).first()).toBeVisible();
});

test('a standard account gets no Connect card but Unlock Pro, which a PRO account never sees', async ({
  page,
  signIn,
}) => {
  // Issue 33: the connect card is for PRO accounts only (decision 118 supersedes 052's prompt).
  await signIn(demoUsers.guest, '/dashboard');
  const unlock = page.getByRole('region', { name: 'Unlock Pro' });
  await expect(unlock).toBeVisible();
  await expect(page.getByRole('region', { name: 'Connect' })).toHaveCount(0);
  await unlock.getByRole('button', { name: 'Unlock Pro' }).click();
  await expect(page.getByRole('dialog', { name: 'Go Pro' })).toBeVisible();
  await page.keyboard.press('Escape');

  await signIn(demoUsers.pro, '/dashboard');
  await expect(page.getByRole('region', { name: 'Connect' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unlock Pro' })).toHaveCount(0);
});
