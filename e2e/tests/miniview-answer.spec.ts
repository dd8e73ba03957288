import type { Page } from '@playwright/test';
import { e2eEnv } from '../support/env';
import {
  demoUsers,
  expect,
  expectNoAxeViolations,
  seededMiniview,
  test,
} from '../support/fixtures';

/** pro@'s second seeded MINIVIEW (four questions); the first one's answer count is another test's. */
const TITLE = 'Podcast pre-interview';
const ANSWERED_AS = 'Robin Visitor';

/** Records a few seconds from Chromium's fake camera or microphone and saves it. */
async function recordAnswer(page: Page, type: 'video' | 'audio') {
  const recorder = page.getByRole('group', { name: 'Record your answer' });
  const start = recorder.getByRole('button', { name: 'Start recording' });
  await expect(start).toBeEnabled();
  await recorder.getByRole('radio', { name: type === 'video' ? 'Video' : 'Audio' }).check();
  await expect(start).toBeEnabled();
  await start.click();
  // More than a second, or an empty audio recording cannot be sent.
  await expect(recorder.getByRole('timer', { name: 'Recorded' })).toHaveText(/^0:0[2-9]$/, {
    timeout: 10_000,
  });
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await recorder.getByRole('button', { name: 'Save answer' }).click();
  // Uploaded (its state; 'Saved' is said twice, once for screen readers).
  await expect(recorder).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
}

test.describe('answering a MINIVIEW', () => {
  // Four recordings of two seconds each, uploaded, then played back.
  test.describe.configure({ timeout: 150_000 });

  test("a visitor answers pro@'s MINIVIEW on video and audio; pro@ plays the answers", async ({
    page,
    browser,
    request,
    signIn,
  }) => {
    const { id, uuid } = await seededMiniview(request, TITLE);

    // A visitor: a context of their own, signed out, with a camera and a microphone.
    const visitorContext = await browser.newContext({
      baseURL: e2eEnv.baseURL,
      permissions: ['camera', 'microphone'],
    });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/miniviews/${uuid}`);
      await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expectNoAxeViolations(visitor);
      await visitor.getByRole('button', { name: 'Start' }).click();
      await expect(visitor.getByText('Name is required')).toBeVisible();
      await visitor.getByRole('textbox', { name: /Your name/ }).fill(ANSWERED_AS);
      await visitor.getByRole('button', { name: 'Start' }).click();
      await expect(visitor).toHaveURL(`/miniviews/${uuid}/questions`);

      const steps = visitor.getByRole('navigation', { name: 'Questions' });
      const types = ['video', 'audio', 'video', 'audio'] as const;
      for (const [index, type] of types.entries()) {
        const number = index + 1;
        await expect(
          visitor.getByRole('heading', { level: 2, name: `Question ${number} of 4` }),
        ).toBeVisible();
        await expect(
          steps.getByRole('button', { name: `Question ${number}, not answered` }),
        ).toBeVisible();
        await recordAnswer(visitor, type);
        await expect(
          steps.getByRole('button', { name: `Question ${number}, answered` }),
        ).toBeVisible();
        if (number === 1) await expectNoAxeViolations(visitor);
        if (number < types.length) await visitor.getByRole('button', { name: 'Next' }).click();
      }

      // A reload keeps what was recorded (sessionStorage); nothing is recorded again.
      await visitor.reload();
      await expect(visitor.getByText('4 of 4 answered')).toBeVisible();
      await visitor.getByRole('button', { name: 'Submit answers' }).click();
      await expect(
        visitor.getByRole('heading', { level: 1, name: 'Thank you! Your answers were sent.' }),
      ).toBeVisible();
      await expect(visitor).toHaveURL(`/miniviews/${uuid}/success`);
      await expectNoAxeViolations(visitor);
    } finally {
      await visitorContext.close();
    }

    // pro@ finds the new answer group and plays it.
    await signIn(demoUsers.pro, `/user-miniviews/${id}/answers`);
    await expect(page.getByRole('link', { name: 'Answers (2)' })).toBeVisible();
    await page.getByRole('link', { name: ANSWERED_AS }).click();
    await expect(page.getByRole('heading', { name: ANSWERED_AS })).toBeVisible();
    const video = page.getByLabel('Answer 1');
    await expect(video).toHaveJSProperty('tagName', 'VIDEO');
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0.2);
    const audio = page.getByLabel('Answer 2');
    await expect(audio).toHaveJSProperty('tagName', 'AUDIO');
    await audio.evaluate((element: HTMLAudioElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(0.2);
  });

  test('a link to no MINIVIEW says so, with a way home', async ({ page }) => {
    await page.goto('/miniviews/00000000-0000-4000-8000-000000000000');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'This MINIVIEW™ was not found or is no longer available.',
      }),
    ).toBeVisible();
    await page.getByRole('link', { name: "Go to Guestspot's home" }).click();
    await expect(page).toHaveURL('/');
  });

  test('an upload cut off half-way resumes from where it stopped, without recording again', async ({
    browser,
    request,
  }) => {
    const { uuid } = await seededMiniview(request, TITLE);
    const visitorContext = await browser.newContext({
      baseURL: e2eEnv.baseURL,
      permissions: ['camera', 'microphone'],
    });
    try {
      const visitor = await visitorContext.newPage();
      // The first PATCH reaches the server with only half its bytes, then the connection drops.
      const seen: { method: string; offset: string | null }[] = [];
      let half = 0;
      await visitor.route('**/api/v1/recordings/uploads**', async (route) => {
        const call = route.request();
        seen.push({ method: call.method(), offset: call.headers()['upload-offset'] ?? null });
        const body = call.postDataBuffer();
        if (call.method() !== 'PATCH' || half > 0 || !body) return route.continue();
        half = Math.floor(body.length / 2);
        await route.fetch({ postData: body.subarray(0, half) });
        await route.abort('connectionreset');
      });
      await visitor.goto(`/miniviews/${uuid}`);
      await visitor.getByRole('textbox', { name: /Your name/ }).fill('Sam Flaky-Network');
      await visitor.getByRole('button', { name: 'Start' }).click();
      await recordAnswer(visitor, 'video');
      await expect(
        visitor
          .getByRole('navigation', { name: 'Questions' })
          .getByRole('button', { name: 'Question 1, answered' }),
      ).toBeVisible();

      expect(half, 'a PATCH was cut off').toBeGreaterThan(0);
      const resumed = seen.findIndex((call) => call.method === 'HEAD');
      expect(resumed, 'the client asked the server where the upload stood').toBeGreaterThan(0);
      expect(seen.slice(resumed + 1), 'it sent the rest from there').toContainEqual({
        method: 'PATCH',
        offset: String(half),
      });
      // One recording, created once: nothing was recorded or started again.
      expect(seen.filter((call) => call.method === 'POST')).toHaveLength(1);
    } finally {
      await visitorContext.close();
    }
  });

  for (const user of [demoUsers.pending, demoUsers.terms]) {
    test(`${user.email} may answer too: no /check-email, no terms modal`, async ({
      page,
      request,
      signIn,
    }) => {
      const { uuid } = await seededMiniview(request, TITLE);
      await signIn(user, `/miniviews/${uuid}`);
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(page).toHaveURL(`/miniviews/${uuid}`);
      await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toHaveCount(0);
    });
  }
});
