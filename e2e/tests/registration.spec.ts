import type { APIRequestContext, Page } from '@playwright/test';
import {
  fillPersonalInformation,
  freshUser,
  linkPath,
  mailsTo,
  type FreshUser,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';

// The seven-step registration wizard against the real API: the created profiles are read back
// through the API, and the verification email from the local outbox.

async function personalInformation(page: Page, user: FreshUser) {
  // Scoped to the form: the footer has an email field of its own.
  const form = page.getByRole('form', { name: 'Personal information' });
  await fillPersonalInformation(form, user);
  await form.getByRole('checkbox', { name: /Terms of Service/ }).check();
  await form.getByRole('button', { name: 'Continue' }).click();
}

async function apiJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

interface Me {
  status: string;
  guest: { id: number; name: string } | null;
  shows: { id: number; name: string }[];
}

test.describe('registration wizard', () => {
  test('a guest and show account goes through all seven steps, then verifies the email', async ({
    page,
  }) => {
    const user = freshUser('wizard-both');
    await page.goto('/register');
    const steps = page.getByRole('navigation', { name: 'Registration steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(7);
    await personalInformation(page, user);

    await expect(page).toHaveURL('/register/subscription');
    await expect(page.getByRole('heading', { name: 'Go Pro' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip for now' }).click();

    await expect(page).toHaveURL('/register/profile-type');
    await page.getByRole('radio', { name: /Both/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/register/profile-setup/guest');
    await expect(steps.locator('[aria-current="step"]')).toContainText('Guest Details');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
      'Nina Okafor',
    );
    await page.getByLabel('Title').fill('Climate economist');
    await page.getByLabel('Bio').fill('Nina explains carbon markets in plain words.');
    await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox').first().check();
    await page.getByLabel('Tags').fill('climate, economics');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/register/profile-setup/show');
    await page.getByLabel('Show name').fill('Carbon Hour');
    await page.getByLabel('Description').fill('Weekly interviews about the energy transition.');
    await page.getByRole('group', { name: 'Show types' }).getByRole('checkbox').first().check();
    await page.getByLabel('Platform type').selectOption('audio');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/register/guest-social-links');
    await page.getByLabel('Instagram').fill('https://facebook.com/nina');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('This is not a valid instagram URL')).toBeVisible();
    await page.getByLabel('Instagram').fill('https://instagram.com/nina.okafor');
    await page.getByRole('button', { name: 'Add a podcast' }).click();
    await page
      .getByRole('textbox', { name: 'Podcast 1' })
      .fill('https://podcasts.example.com/nina/1');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/register/availability');
    await expect(page.getByLabel('Price 1 (USD)')).toHaveAccessibleDescription('FREE');
    await expect(page.getByLabel('Minimum notice')).toHaveValue('240');
    await expect(page.getByRole('checkbox', { name: 'Available on Monday' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Available on Sunday' })).not.toBeChecked();
    // A reload mid-step keeps what was typed.
    await page.getByLabel('Maximum interviews per day').fill('3');
    await page.reload();
    await expect(page.getByLabel('Maximum interviews per day')).toHaveValue('3');
    await page.getByRole('button', { name: 'Finish' }).click();

    await expect(page).toHaveURL('/check-email');

    const me = await apiJson<Me>(page.request, '/api/v1/users/me');
    expect(me.status).toBe('pending');
    expect(me.guest?.name).toBe('Nina Okafor');
    expect(me.shows.map((show) => show.name)).toEqual(['Carbon Hour']);
    const guestId = me.guest!.id;
    const guest = await apiJson<{ title: string; tags: { slug: string }[] }>(
      page.request,
      `/api/v1/guests/${guestId}`,
    );
    expect(guest.title).toBe('Climate economist');
    expect(guest.tags.map((tag) => tag.slug).sort()).toEqual(['climate', 'economics']);
    const links = await apiJson<{ social_media: { instagram: string }; podcasts: string[] }>(
      page.request,
      `/api/v1/guests/${guestId}/links`,
    );
    expect(links.social_media.instagram).toBe('https://instagram.com/nina.okafor');
    expect(links.podcasts).toEqual(['https://podcasts.example.com/nina/1']);
    const availability = await apiJson<{
      interview_durations: { duration: number; price: number }[];
      max_interviews_per_day: number;
      minimum_notice: number;
      rules: { wday: number }[];
    }>(page.request, `/api/v1/guests/${guestId}/availability`);
    expect(availability.interview_durations).toEqual([{ duration: 30, price: 0 }]);
    expect(availability.max_interviews_per_day).toBe(3);
    expect(availability.minimum_notice).toBe(240);
    expect(availability.rules.map((rule) => rule.wday)).toEqual([1, 2, 3, 4, 5]);

    const [mail] = await mailsTo(page.request, user.email, 'Verify your email address');
    await page.goto(linkPath(mail!, '/verify-email'));
    await expect(page).toHaveURL('/verify-email/thanks');
    const verified = await apiJson<Me>(page.request, '/api/v1/users/me');
    expect(verified.status).toBe('active');
  });

  test('/register-pro lands on Go Pro, then a show account finishes after Show Details', async ({
    page,
  }) => {
    const user = freshUser('wizard-pro-show');
    await page.goto('/register-pro');
    await personalInformation(page, user);

    await expect(page).toHaveURL('/register/subscription');
    await expect(page.getByRole('button', { name: 'Unlock Pro Now' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip for now' }).click();

    await page.getByRole('radio', { name: /Show/ }).check();
    const steps = page.getByRole('navigation', { name: 'Registration steps' });
    await expect(steps.getByRole('listitem')).toHaveText([
      /Personal Information/,
      /Go Pro/,
      /Account Type/,
      /Show Details/,
    ]);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/register/profile-setup/show');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('Show name is required')).toBeVisible();
    await page.getByLabel('Show name').fill('Pro Talk Live');
    await page.getByRole('button', { name: 'Finish' }).click();

    await expect(page).toHaveURL('/check-email');
    const me = await apiJson<Me>(page.request, '/api/v1/users/me');
    expect(me.guest).toBeNull();
    expect(me.shows.map((show) => show.name)).toEqual(['Pro Talk Live']);
  });
});
