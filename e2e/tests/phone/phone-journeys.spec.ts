import type { Locator, Page } from '@playwright/test';
import { fillPersonalInformation, freshUser, signUpVerified } from '../../support/accounts';
import { bookMayaThroughApi, cancelBooking } from '../../support/booking';
import {
  DEMO_PASSWORD,
  demoUsers,
  expect,
  expectLivePage,
  expectNoAxeViolations,
  fillLoginForm,
  signInRequest,
  test,
  userMenuButton,
} from '../../support/fixtures';

// The key journeys on a phone (issue 18), tapped with a finger: browse → profile → the login
// dialog; register; edit a settings row; favourite someone and find them in the wishlist; answer
// a booking request on its page (issue 30). Run by
// the phone-360 and phone-390 projects (playwright.config.ts).

/** The element is wholly on the screen, sideways. */
async function expectOnScreen(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the element has a box').not.toBeNull();
  expect(box!.x, 'its left edge is on the screen').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'its right edge is on the screen').toBeLessThanOrEqual(width + 0.5);
}

/** A finger can hit it: at least 44 × 44 px (WCAG 2.5.5), and on the screen. */
async function expectTouchTarget(page: Page, element: Locator) {
  await expectOnScreen(page, element);
  const box = (await element.boundingBox())!;
  expect(box.width, 'at least 44 px wide').toBeGreaterThanOrEqual(44);
  expect(box.height, 'at least 44 px tall').toBeGreaterThanOrEqual(44);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBe(0);
}

test.describe('on a phone', () => {
  test('a visitor browses, opens a profile and meets the login dialog as a sheet', async ({
    page,
  }) => {
    await page.goto('/');
    await expectLivePage(page);
    const header = page.getByRole('banner');
    await expectTouchTarget(page, header.getByRole('button', { name: 'Sign in', exact: true }));
    await expectTouchTarget(page, header.getByRole('button', { name: 'Open menu' }));
    await expectNoSidewaysScroll(page);

    await header.getByRole('button', { name: 'Open menu' }).tap();
    const drawer = page.getByRole('navigation', { name: 'Sidebar' });
    await expectTouchTarget(page, drawer.getByRole('link', { name: 'Browse' }));
    await drawer.getByRole('link', { name: 'Browse' }).tap();
    await expect(page).toHaveURL(/\/browse/);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse guests' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Guests' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expectOnScreen(page, cards.first());
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    const name = cards.first().getByRole('heading', { level: 3 }).getByRole('link');
    const guest = (await name.textContent())!.trim();
    await name.tap();
    await expect(page.getByRole('heading', { level: 1, name: guest })).toBeVisible();
    await expectNoSidewaysScroll(page);
    const book = page.getByRole('button', { name: /^(Book|Request to Book|See Price)$/ }).first();
    await book.scrollIntoViewIfNeeded();
    await expectTouchTarget(page, book);
    await book.tap();

    // The dialog fills the phone's screen, and its form is usable there.
    const dialog = page.getByRole('dialog', { name: 'Sign in to Guestspot' });
    await expect(dialog).toBeVisible();
    await expectOnScreen(page, dialog);
    const email = dialog.getByLabel('Email', { exact: true });
    // 16 px or more: iOS does not zoom into the field on focus.
    expect(
      await email.evaluate((input) => Number.parseFloat(getComputedStyle(input).fontSize)),
    ).toBeGreaterThanOrEqual(16);
    await expectTouchTarget(page, email);
    await expectTouchTarget(page, dialog.getByRole('button', { name: 'Sign In', exact: true }));
    await expectNoAxeViolations(page);
    await fillLoginForm(dialog, demoUsers.show.email, DEMO_PASSWORD);
    await expect(dialog).toBeHidden();
    await expectOnScreen(page, userMenuButton(page, demoUsers.show));
    await expectNoSidewaysScroll(page);
  });

  test('a visitor registers from the menu', async ({ page }) => {
    const user = freshUser('phone-register');
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).tap();
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Start free now' })
      .tap();
    await expect(page).toHaveURL('/register');
    const form = page.getByRole('form', { name: 'Personal information' });
    await expect(form).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await fillPersonalInformation(form, user);
    const terms = form.getByRole('checkbox', { name: /Terms of Service/ });
    // A finger lands on the box; the 44 px label row around it takes the tap.
    const box = (await terms.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect(terms).toBeChecked();
    const next = form.getByRole('button', { name: 'Continue' });
    await expectTouchTarget(page, next);
    await next.tap();

    await expect(page).toHaveURL('/register/subscription');
    await expect(page.getByRole('heading', { name: 'Go Pro' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Skip for now' }).tap();
    await expect(page).toHaveURL('/register/profile-type');
    await expectNoSidewaysScroll(page);
  });

  test('a user edits a settings row; the sub-navigation keeps Account settings in view', async ({
    page,
    context,
  }) => {
    await signUpVerified(page, context, 'phone-settings');
    await page.goto('/dashboard');
    const subnav = page.getByRole('navigation', { name: 'Account' });
    const settingsLink = subnav.getByRole('link', { name: 'Account settings' });
    // The last item: off the edge of the strip until the strip is scrolled…
    await settingsLink.scrollIntoViewIfNeeded();
    await settingsLink.tap();
    await expect(page).toHaveURL('/settings');
    // …and once it is the page's, the strip shows it.
    await expect(settingsLink).toHaveAttribute('aria-current', 'page');
    await expectOnScreen(page, settingsLink);
    await expectTouchTarget(page, settingsLink);

    const section = page.getByRole('region', { name: 'Profile' });
    const edit = section.getByRole('button', { name: 'Edit Name' });
    await expectTouchTarget(page, edit);
    await edit.tap();
    const form = section.getByRole('form', { name: 'Edit Name' });
    await form.getByLabel('First name').fill('Nora');
    await expectNoSidewaysScroll(page);
    const save = form.getByRole('button', { name: 'Save' });
    await expectTouchTarget(page, save);
    await save.tap();
    await expect(section.getByRole('group', { name: 'Name', exact: true })).toContainText(
      'Nora Okafor',
    );
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });

  test('a user favourites a guest and finds them in the wishlist', async ({ page, context }) => {
    await signUpVerified(page, context, 'phone-wishlist');
    await page.goto('/guests/priya-patel');
    await expect(page.getByRole('heading', { level: 1, name: 'Priya Patel' })).toBeVisible();
    const heart = page.getByRole('button', { name: 'Favourite Priya Patel' });
    await expectTouchTarget(page, heart);
    await heart.tap();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expectNoSidewaysScroll(page);

    await page.goto('/dashboard');
    const wishlistLink = page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Wishlist' });
    await wishlistLink.scrollIntoViewIfNeeded();
    await wishlistLink.tap();
    await expect(page).toHaveURL('/wishlist');
    const item = page.getByRole('button', { name: 'Priya Patel', exact: true });
    await expect(item).toBeVisible();
    await expectOnScreen(page, item);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    await item.tap();
    const detail = page.getByRole('dialog', { name: 'Priya Patel' });
    await expect(detail).toBeVisible();
    await expectOnScreen(page, detail);
    await expectNoAxeViolations(page);
  });

  test('Maya reads and answers a booking request on her phone', async ({
    page,
    signIn,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const showApi = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    await signInRequest(showApi, demoUsers.show);
    const booked = await bookMayaThroughApi(showApi, 2);
    try {
      await signIn(demoUsers.guest, `/bookings/${booked.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Morning Momentum' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      // The columns stack: the actions come first and stay within reach of a thumb.
      const actions = page.getByRole('region', { name: 'Actions' });
      for (const name of ['Accept', 'Reject']) {
        const button = actions.getByRole('button', { name, exact: true });
        await button.scrollIntoViewIfNeeded();
        await expectTouchTarget(page, button);
      }
      await expectNoAxeViolations(page);

      await actions.getByRole('button', { name: 'Reject', exact: true }).tap();
      const dialog = page.getByRole('dialog', { name: 'Reject this booking?' });
      await expect(dialog).toBeVisible();
      await expectOnScreen(page, dialog);
      await expectOnScreen(page, dialog.getByRole('textbox', { name: /Reason/ }));
      await dialog.getByRole('button', { name: 'Go back' }).tap();
      await expect(dialog).toBeHidden();

      const views = page.getByRole('navigation', { name: 'Booking views' });
      await expectTouchTarget(page, views.getByRole('link', { name: 'Application' }));
      await views.getByRole('link', { name: 'Application' }).tap();
      await expect(page).toHaveURL(`/bookings/${booked.id}/application`);
      await expect(
        page.getByRole('heading', { level: 2, name: 'Answers', exact: true }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
    } finally {
      await cancelBooking(showApi, booked.id);
      await showApi.dispose();
    }
  });
});
