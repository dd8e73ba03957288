import type { MiniviewDetail } from '@guestspot/shared-api';
import { demoUsers, expect, test, xsrfHeaders } from '../support/fixtures';

test.describe('MINIVIEW detail', () => {
  test('pro@ opens a MINIVIEW, copies its link and plays an answer', async ({
    page,
    context,
    signIn,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(demoUsers.pro, '/user-miniviews');
    await page.getByRole('link', { name: 'Founder story questions' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Founder story questions' }),
    ).toBeVisible();
    const link = page.getByLabel('Shareable link');
    await expect(link).toHaveValue(/\/miniviews\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

    await page.getByRole('link', { name: 'Answers (2)' }).click();
    await page.getByRole('link', { name: 'Lena Fischer' }).click();
    await expect(page.getByRole('heading', { name: 'Lena Fischer' })).toBeVisible();
    // The seeded answers are real recordings: the video plays and moves on.
    const video = page.getByLabel('Answer 1');
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0.2);
    const audio = page.getByLabel('Answer 2');
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState))
      .toBeGreaterThanOrEqual(1);
  });

  test('pro@ deletes a MINIVIEW after confirming; its link stops working', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn(demoUsers.pro, '/user-miniviews');
    const created = await context.request.post('/api/v1/miniviews', {
      headers: await xsrfHeaders(context),
      data: { title: 'Short-lived MINIVIEW', questions: [{ body: 'Still there?' }] },
    });
    expect(created.status()).toBe(201);
    const miniview = ((await created.json()) as { data: MiniviewDetail }).data;

    await page.goto(`/user-miniviews/${miniview.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this MINIVIEW™?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL('/user-miniviews');
    await expect(page.getByText('The MINIVIEW™ was deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Short-lived MINIVIEW' })).toHaveCount(0);
    const link = await context.request.get(`/api/v1/miniviews/public/${miniview.uuid}`);
    expect(link.status()).toBe(404);
  });
});
