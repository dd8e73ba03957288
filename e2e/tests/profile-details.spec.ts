import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { demoUsers, expect, test, xsrfHeaders } from '../support/fixtures';

// Issue 16: what a guest or a show sets up to be booked, on /details, and what the marketplace
// then shows. The demo data is shared by every spec of the run (one worker), so each journey puts
// back what it changed through the API once it has checked it.

/** GET …/option-prices; prices in cents, as every price of the API. */
interface OptionPricesDetail {
  booking_options: { id: number; name: string; slug: string; editable: boolean }[];
  option_prices: { booking_option_id: number; interview_duration: number; price: number }[];
}

async function optionPrices(page: Page, guestId: number): Promise<OptionPricesDetail> {
  const response = await page.request.get(`/api/v1/guests/${guestId}/option-prices`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: OptionPricesDetail }).data;
}

async function me(page: Page): Promise<{
  guest: { id: number; slug: string } | null;
  shows: { id: number; name: string; slug: string }[];
}> {
  const response = await page.request.get('/api/v1/users/me');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Awaited<ReturnType<typeof me>> }).data;
}

async function send(
  context: BrowserContext,
  request: APIRequestContext,
  method: 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`/api/v1/${path}`, {
    method,
    headers: await xsrfHeaders(context),
    data,
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response;
}

function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

test.describe('/details', () => {
  test('guest@ prices two options, is refused a pitch above them, adds a question and an upsell, turns the questions step off; the profile and browse show the new prices', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn(demoUsers.guest, '/details/guest');
    const { guest } = await me(page);
    expect(guest, 'guest@ has a guest profile').toBeTruthy();
    const id = guest!.id;
    const original = await optionPrices(page, id);
    const editable = original.booking_options.filter((option) => option.editable);
    const bySlug = (slug: string) => {
      const option = editable.find((item) => item.slug === slug);
      expect(option, `guest@ may price ${slug}`).toBeTruthy();
      return option!;
    };
    const first = bySlug('guest-appearance');
    const second = bySlug('media-feature');

    try {
      // Two options' prices (a duration each): the first becomes the cheapest of the profile,
      // so its card reads it.
      await page.getByRole('button', { name: 'Edit Prices' }).click();
      const prices = page.getByRole('form', { name: 'Edit Prices' });
      for (const option of [first, second]) {
        const price = prices.getByRole('textbox', { name: `${option.name} price 1 (USD)` });
        if ((await price.count()) === 0) {
          await prices.getByRole('button', { name: `Add a ${option.name} duration` }).click();
        }
      }
      await prices.getByRole('textbox', { name: `${first.name} price 1 (USD)` }).fill('12');
      await prices.getByRole('textbox', { name: `${second.name} price 1 (USD)` }).fill('480');
      await prices.getByRole('button', { name: 'Save' }).click();
      await expect(prices).toBeHidden();
      const row = page.getByRole('group', { name: 'Prices' });
      await expect(row).toContainText('$12');
      await expect(row).toContainText('$480');
      // typed in dollars, sent and kept in cents
      const saved = await optionPrices(page, id);
      const pricesOf = (optionId: number) =>
        saved.option_prices.filter((p) => p.booking_option_id === optionId).map((p) => p.price);
      expect(pricesOf(first.id)).toContain(1200);
      expect(pricesOf(second.id)).toContain(48000);

      // The pitch may not cost more than the highest option: the spec's message, from the server's
      // own figure.
      const pitch = (
        (await (await page.request.get(`/api/v1/guests/${id}/pitch-settings`)).json()) as {
          data: { highest_price: number };
        }
      ).data;
      const highest = pitch.highest_price / 100;
      const highestText = Number.isInteger(highest) ? String(highest) : highest.toFixed(2);
      await page.getByRole('button', { name: 'Edit Pitch', exact: true }).click();
      const pitchForm = page.getByRole('form', { name: 'Edit Pitch' });
      await pitchForm.getByRole('textbox', { name: /Pitch price/ }).fill(String(highest + 1));
      await pitchForm.getByRole('button', { name: 'Save' }).click();
      await expect(pitchForm.getByRole('alert')).toHaveText(
        `Price cannot be more than your highest booking option ($${highestText})`,
      );
      await pitchForm.getByRole('button', { name: 'Cancel' }).click();

      // A booking question and an upsell package.
      const questions = page.getByRole('region', { name: 'Booking questions' });
      await questions
        .getByLabel(/New booking question/)
        .fill('What should our listeners take away from the episode?');
      await questions.getByRole('button', { name: 'Add booking question' }).click();
      await expect(questions.getByRole('list')).toContainText(
        'What should our listeners take away from the episode?',
      );

      await page.getByRole('button', { name: 'Add upsell package' }).click();
      const upsell = page.getByRole('form', { name: 'New upsell package' });
      await upsell.getByLabel(/^Title/).fill('Sponsored social post');
      await upsell.getByLabel(/^Price/).fill('40');
      await upsell.getByRole('button', { name: 'Save' }).click();
      const added = page.getByRole('article', { name: 'Sponsored social post' });
      await expect(added).toBeVisible();
      await expect(added).toContainText('$40');
      const packages = (
        (await (await page.request.get(`/api/v1/guests/${id}/upsell-packages`)).json()) as {
          data: { title: string; price: number }[];
        }
      ).data;
      expect(packages.find((item) => item.title === 'Sponsored social post')?.price).toBe(4000);

      // The questions step off.
      await page.getByRole('button', { name: 'Edit Booking steps' }).click();
      const steps = page.getByRole('form', { name: 'Edit Booking steps' });
      await steps.getByRole('checkbox', { name: /Booking questions/ }).uncheck();
      await steps.getByRole('button', { name: 'Save' }).click();
      await expect(steps).toBeHidden();
      const preferences = (
        (await (
          await page.request.get(`/api/v1/guests/${id}/booking-flow-preferences`)
        ).json()) as { data: { questions: boolean } }
      ).data;
      expect(preferences.questions).toBe(false);

      // The public profile and browse, at once.
      await page.goto(`/guests/${guest!.slug}`);
      const list = page.getByRole('list', { name: 'Prices' });
      await expect(list).toContainText(first.name);
      await expect(list).toContainText('$12');
      await expect(list).toContainText('$480');
      await page.goto('/browse?showing=guests&sortBy=price');
      const card = page.getByRole('article').filter({ hasText: 'Maya Brooks' }).first();
      await expect(card).toContainText('From $12');
    } finally {
      // Put guest@'s setup back for the specs that follow.
      await send(context, page.request, 'PUT', `guests/${id}/option-prices`, {
        option_prices: original.option_prices
          .filter((price) => editable.some((option) => option.id === price.booking_option_id))
          .map(({ booking_option_id, interview_duration, price }) => ({
            booking_option_id,
            interview_duration,
            price,
          })),
      });
      await send(context, page.request, 'PUT', `guests/${id}/booking-flow-preferences`, {
        updatedPreferences: { questions: true },
      });
      const added = (
        (await (await page.request.get(`/api/v1/guests/${id}/booking-questions`)).json()) as {
          data: { id: number; body: string }[];
        }
      ).data.filter((q) => q.body === 'What should our listeners take away from the episode?');
      for (const question of added) {
        await send(
          context,
          page.request,
          'DELETE',
          `guests/${id}/booking-questions/${question.id}`,
        );
      }
      const upsells = (
        (await (await page.request.get(`/api/v1/guests/${id}/upsell-packages`)).json()) as {
          data: { id: number; title: string }[];
        }
      ).data.filter((item) => item.title === 'Sponsored social post');
      for (const item of upsells) {
        await send(context, page.request, 'DELETE', `guests/${id}/upsell-packages/${item.id}`);
      }
    }
  });

  test('show@ edits its second show and adds a past guest', async ({ page, context, signIn }) => {
    await signIn(demoUsers.show, '/details/show');
    const { shows } = await me(page);
    const second = shows[1];
    expect(second, 'show@ has two shows').toBeTruthy();
    await page.getByRole('link', { name: second!.name }).click();
    await expect(page).toHaveURL(`/details/show/${second!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();

    const before = (
      (await (await page.request.get(`/api/v1/shows/${second!.id}`)).json()) as {
        data: { description: string };
      }
    ).data.description;
    try {
      await page.getByRole('button', { name: 'Edit Details' }).click();
      const details = page.getByRole('form', { name: 'Show details' });
      const description = details.getByRole('textbox', { name: /^Description/ });
      await description.fill('Conversations with people who changed their field, every Tuesday.');
      await details.getByRole('button', { name: 'Save' }).click();
      await expect(details).toBeHidden();
      await expect(page.getByRole('group', { name: 'Details' })).toContainText(
        'Conversations with people who changed their field, every Tuesday.',
      );

      await page.getByRole('button', { name: 'Add past guest' }).click();
      await page.getByRole('searchbox', { name: 'Search guests by name' }).fill('Maya');
      const matches = page.getByRole('list', { name: 'Matching guests' });
      await matches.getByRole('button', { name: 'Add Maya Brooks' }).click();
      await expect(notifications(page)).toContainText('Past guest added.');
      await expect(
        page
          .getByRole('list', { name: 'Your past guests' })
          .getByRole('link', { name: 'Maya Brooks' }),
      ).toBeVisible();

      // Saved: still there after a reload.
      await page.reload();
      await expect(
        page
          .getByRole('list', { name: 'Your past guests' })
          .getByRole('link', { name: 'Maya Brooks' }),
      ).toBeVisible();
    } finally {
      const guests = (
        (await (
          await page.request.get(`/api/v1/guests?filter[guest_profiles.name]=Maya Brooks`)
        ).json()) as {
          data: { id: number; name: string }[];
        }
      ).data.filter((guest) => guest.name === 'Maya Brooks');
      for (const guest of guests) {
        await send(
          context,
          page.request,
          'DELETE',
          `shows/${second!.id}/past-guests?guest_profile_id=${guest.id}`,
        );
      }
      await send(context, page.request, 'PUT', `shows/${second!.id}`, { description: before });
    }
  });

  test("an agency member edits pro@'s guest profile while impersonating", async ({
    page,
    context,
    signIn,
  }) => {
    await signIn(demoUsers.agency);
    const card = page.locator('[data-widget="managed-accounts"]');
    await card.getByRole('button', { name: "Manage Priya Patel's account" }).click();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toContainText(
      'You are impersonating Priya Patel',
    );

    await page.goto('/details/guest');
    const { guest } = await me(page);
    const questions = page.getByRole('region', { name: 'Booking questions' });
    try {
      await questions.getByLabel(/New booking question/).fill('Which story have you never told?');
      await questions.getByRole('button', { name: 'Add booking question' }).click();
      await expect(questions.getByRole('list')).toContainText('Which story have you never told?');
      await page.reload();
      await expect(
        page.getByRole('region', { name: 'Booking questions' }).getByRole('list'),
      ).toContainText('Which story have you never told?');
    } finally {
      const added = (
        (await (
          await page.request.get(`/api/v1/guests/${guest!.id}/booking-questions`)
        ).json()) as {
          data: { id: number; body: string }[];
        }
      ).data.filter((q) => q.body === 'Which story have you never told?');
      for (const question of added) {
        await send(
          context,
          page.request,
          'DELETE',
          `guests/${guest!.id}/booking-questions/${question.id}`,
        );
      }
      await page
        .getByRole('region', { name: 'Impersonation' })
        .getByRole('button', { name: 'Stop Impersonating' })
        .click();
    }
  });
});
