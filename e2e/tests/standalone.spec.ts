import { demoUsers, DEMO_PASSWORD, expect, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';

// A remote's team runs it alone: its own origin serves its own page with a session and a bare
// layout, and talks to the same API (the static server proxies /api like the shell's does).
test('mfe-booking runs standalone on its own origin, with a sign-in and real data', async ({
  page,
}) => {
  await page.goto(`${e2eEnv.remoteOrigins.mfe_booking}/bookings`);
  await expect(page.getByText('standalone')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to use this page' })).toBeVisible();
  await page.getByLabel('Email').fill(demoUsers.standard.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'No bookings found.' })).toBeVisible();
  await expect(page.getByText(demoUsers.standard.name)).toBeVisible();
  // The shell's origin was never used.
  expect(page.url().startsWith(e2eEnv.remoteOrigins.mfe_booking)).toBe(true);
});
