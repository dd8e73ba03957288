import { demoUsers, expect, expectNoAxeViolations, test, xsrfHeaders } from '../support/fixtures';

test.describe('creating a MINIVIEW', () => {
  // One recording of two seconds, uploaded, then the MINIVIEW created and deleted again.
  test.describe.configure({ timeout: 120_000 });

  test('pro@ creates a MINIVIEW of two questions, one with a recorded video, and copies its link', async ({
    page,
    context,
    signIn,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(demoUsers.pro, '/dashboard');
    // The layout's MINIVIEW banner leads to the creation.
    await page.getByRole('link', { name: 'Create a MINIVIEW™' }).click();
    await expect(page).toHaveURL('/miniviews-create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create MINIVIEW™' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel(/^Title/).fill('E2E founder questions');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL('/miniviews-create/questions');

    await page.getByRole('textbox', { name: /^Question 1/ }).fill('What made you start?');
    await page.getByRole('button', { name: 'Record a video or audio for question 1' }).click();
    const recorder = page.getByRole('group', { name: 'Record question 1' });
    const start = recorder.getByRole('button', { name: 'Start recording' });
    await expect(start).toBeEnabled({ timeout: 10_000 });
    await expect(recorder.getByRole('radio', { name: 'Video' })).toBeChecked();
    await start.click();
    await expect(recorder.getByRole('timer', { name: 'Recorded' })).toHaveText('0:02', {
      timeout: 5_000,
    });
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    await recorder.getByRole('button', { name: 'Use this recording' }).click();
    const questionVideo = page.getByLabel('Question 1 recording');
    await expect(questionVideo).toBeVisible({ timeout: 20_000 });

    // A reload keeps the draft, the saved recording included.
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Question 1/ })).toHaveValue(
      'What made you start?',
    );
    await expect(questionVideo).toBeVisible();

    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByRole('textbox', { name: /^Question 2/ }).fill('Who helped you most?');
    await page.getByRole('button', { name: 'Move up question 2' }).click();
    await expect(page.getByRole('textbox', { name: /^Question 1/ })).toHaveValue(
      'Who helped you most?',
    );
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create MINIVIEW™' }).click();

    await expect(page).toHaveURL('/miniviews-create/success');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your MINIVIEW™ is ready' }),
    ).toBeVisible();
    const link = page.getByLabel('Shareable link');
    await expect(link).toHaveValue(/\/miniviews\/[0-9a-f-]{36}$/);
    const url = await link.inputValue();
    const uuid = url.split('/').pop()!;
    try {
      await page.getByRole('button', { name: 'Copy to clipboard' }).click();
      await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      // The link is the public one: both questions, in their order, the second with its video.
      const shared = await context.request.get(`/api/v1/miniviews/public/${uuid}`);
      expect(shared.status()).toBe(200);
      const { data } = (await shared.json()) as {
        data: { questions: { body: string; question_media_type: string | null }[] };
      };
      expect(data.questions.map((question) => question.body)).toEqual([
        'Who helped you most?',
        'What made you start?',
      ]);
      expect(data.questions.map((question) => question.question_media_type)).toEqual([
        null,
        'video',
      ]);

      await page.getByRole('link', { name: 'View the MINIVIEW™' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'E2E founder questions' }),
      ).toBeVisible();
      await expect(page.getByLabel('Question 2 recording')).toBeVisible();
      // A new creation starts empty.
      await page.goto('/miniviews-create');
      await expect(page.getByLabel(/^Title/)).toHaveValue('');
    } finally {
      // pro@'s list is counted by other tests.
      await context.request.delete(`/api/v1/miniviews/${uuid}`, {
        headers: await xsrfHeaders(context),
      });
    }
  });

  test('standard@ meets the Subscribe dialog (97 / 997) first, and can open it again', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.standard, '/dashboard');
    await page.getByRole('link', { name: 'Create a MINIVIEW™' }).click();
    await expect(page).toHaveURL('/miniviews-create');
    const dialog = page.getByRole('dialog', { name: 'Go Pro' });
    const form = dialog.getByRole('form', { name: 'Subscribe to Pro' });
    await expect(form).toBeVisible();
    const features = dialog.getByRole('region', { name: 'Guestspot Pro' });
    await expect(features).toContainText('$97 per month');
    await form.getByRole('radio', { name: /Yearly/ }).check();
    await expect(features).toContainText('$997 per year');
    await expect(form.getByText('Includes a 14 day trial before billing begins')).toBeVisible();
    await expectNoAxeViolations(page);

    // Closed without subscribing: the page says why and offers it again.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: 'MINIVIEW™ creation is a Pro feature.' }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Go Pro', exact: true }).click();
    await expect(form).toBeVisible();
  });
});
