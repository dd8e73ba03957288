import type { Page, Response } from '@playwright/test';
import { demoUsers, expect, test } from '../support/fixtures';

// The dashboard's Unlock Pro card (issue 33, decision 118: `standardOnly`, its own lazy chunk):
// a standard account sees what Pro adds and can open Go Pro from it; a PRO account's dashboard
// never shows it, nor downloads its code. (connect.spec.ts covers the Connect card, and guest@'s
// Unlock Pro beside it.)

/** A line only the Unlock Pro card's chunk holds (mfe-account's unlock-pro-card.tsx). */
const CARD_TEXT = 'Audio and video guest pitches';

/** The scripts the page downloads from now on, read once they have all arrived. */
function scriptsOf(page: Page): () => Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') {
      bodies.push(response.text().catch(() => ''));
    }
  });
  return async () => {
    await page.waitForLoadState('networkidle');
    return Promise.all(bodies);
  };
}

test.describe('the Unlock Pro card', () => {
  test('standard@ sees what Pro adds and opens Go Pro from the card', async ({ page, signIn }) => {
    const scripts = scriptsOf(page);
    await signIn(demoUsers.standard, '/dashboard');
    const card = page.getByRole('region', { name: 'Unlock Pro' });
    await expect(card).toBeVisible();
    await expect(
      card.getByRole('list', { name: 'What Pro adds' }).getByRole('listitem'),
    ).toHaveText(['Homepage feature', CARD_TEXT, 'Optimized profile', 'Unlimited wishlist']);
    // Its chunk came with it (what the PRO account's check below looks for).
    expect((await scripts()).some((body) => body.includes(CARD_TEXT))).toBe(true);
    await card.getByRole('button', { name: 'Unlock Pro' }).click();
    const goPro = page.getByRole('dialog', { name: 'Go Pro' });
    await expect(goPro).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(goPro).toBeHidden();
  });

  test('pro@’s dashboard shows mfe-account’s other lazy cards but no Unlock Pro, and never loads its code', async ({
    page,
    signIn,
  }) => {
    const scripts = scriptsOf(page);
    await signIn(demoUsers.pro, '/dashboard');
    // The lazy cards around it (orders 12, 40 and 45; Unlock Pro is 50) have all arrived.
    for (const name of ['Your account', 'Balance', 'Your shows', 'Upsell packages']) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    const loaded = await scripts();
    await expect(page.getByRole('region', { name: 'Unlock Pro' })).toHaveCount(0);
    expect(loaded.length).toBeGreaterThan(0);
    expect(
      loaded.filter((body) => body.includes(CARD_TEXT)),
      'scripts holding the Unlock Pro card',
    ).toEqual([]);
  });
});
