import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import {
  freshUser,
  mailsTo,
  registerUser,
  type FreshUser,
  signUpVerified,
  verifyLatest,
} from '../support/accounts';
import { e2eEnv } from '../support/env';
import { demoUsers, expect, fillLoginForm, test } from '../support/fixtures';

// Settings → Profile with a new, verified account: every row edited and still there after a
// reload (name, phone, timezone, title, image upload and delete, email after the password
// reconfirmation and with its verification, password then signing in with it); and an admin
// editing another user on /admin-settings.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A plain RGB PNG, large enough for the 1.25 crop with its 400×400 minimum. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([40 + (x % 180), 110, 200], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function profile(page: Page) {
  return page.getByRole('region', { name: 'Profile' });
}

/** Opens a row's form, lets `fill` change it, saves, and waits for the row to show `shows`. */
async function editRow(page: Page, row: string, fill: () => Promise<void>, shows: string) {
  const section = profile(page);
  await section.getByRole('button', { name: `Edit ${row}` }).click();
  await fill();
  await section
    .getByRole('form', { name: `Edit ${row}` })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(section.getByRole('group', { name: row, exact: true })).toContainText(shows);
}

async function signInAs(page: Page, user: Pick<FreshUser, 'email' | 'password'>) {
  await page.goto('/logout');
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await fillLoginForm(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('Settings → Profile', () => {
  test('edits every profile row; the values stay after a reload and the new password signs in', async ({
    page,
    context,
  }) => {
    // Signs up, edits seven rows, confirms the password for the email and reads two emails:
    // ~40 s on a quiet machine, more on a busy one.
    test.setTimeout(90_000);
    const user = await signUpVerified(page, context, 'profile');
    await page.goto('/settings#profile');
    const section = profile(page);
    await expect(section.getByRole('group', { name: 'Name' })).toContainText('Nina Okafor');

    await editRow(
      page,
      'Name',
      async () => {
        await section.getByLabel('First name').fill('Nora');
        await section.getByLabel('Last name').fill('Okafor-Reid');
      },
      'Nora Okafor-Reid',
    );
    // The header follows the session user.
    await expect(page.getByRole('banner')).toContainText('Nora Okafor-Reid');

    await editRow(
      page,
      'Phone',
      async () => {
        await section.getByLabel('Phone number').fill('');
        await section.getByLabel('Phone number').pressSequentially('7375550123');
      },
      '(737) 555-0123',
    );
    await editRow(
      page,
      'Timezone',
      () =>
        section
          .getByRole('combobox', { name: 'Timezone' })
          .selectOption({ label: '(GMT+01:00) Brussels, Copenhagen, Madrid, Paris' })
          .then(() => undefined),
      '(GMT+01:00) Brussels, Copenhagen, Madrid, Paris',
    );
    await expect(section.getByRole('group', { name: 'Timezone' })).toContainText(
      /This device: GMT[+-]\d/,
    );
    await editRow(
      page,
      'Title',
      () => section.getByRole('textbox', { name: 'Title' }).fill('Keynote speaker'),
      'Keynote speaker',
    );

    // Image: choose a PNG, crop, Save uploads and attaches it.
    await section.getByLabel('Choose an image for Profile image').setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: png(1000, 800),
    });
    const crop = page.getByRole('dialog', { name: 'Crop image' });
    await crop.getByRole('button', { name: 'Save' }).click();
    const picture = section.getByRole('img', { name: 'Profile image' });
    await expect(picture).toHaveAttribute('src', /\/api\/v1\/media\/[0-9a-f-]{36}$/);

    await page.reload();
    await expect(section.getByRole('group', { name: 'Name' })).toContainText('Nora Okafor-Reid');
    await expect(section.getByRole('group', { name: 'Phone' })).toContainText('(737) 555-0123');
    await expect(section.getByRole('group', { name: 'Timezone' })).toContainText(
      '(GMT+01:00) Brussels, Copenhagen, Madrid, Paris',
    );
    await expect(section.getByRole('group', { name: 'Title', exact: true })).toContainText(
      'Keynote speaker',
    );
    await expect(picture).toHaveAttribute('src', /\/api\/v1\/media\//);

    // Delete the picture after the confirmation.
    await section.getByRole('button', { name: 'Delete image for Profile image' }).click();
    const ask = page.getByRole('dialog');
    await expect(ask).toContainText('Are you sure you want to delete this image?');
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect(picture).toBeHidden();
    await page.reload();
    await expect(section.getByRole('group', { name: 'Profile image' })).toHaveAttribute(
      'data-state',
      'empty',
    );

    // Password: a wrong current password is refused on the field; the right one saves.
    const newPassword = 'Changed-pass-2';
    await section.getByRole('button', { name: 'Edit Password' }).click();
    await section.getByLabel('Current password').fill('not-my-password');
    await section.getByLabel(/^New password\W*$/).fill(newPassword);
    await section.getByLabel('New password confirmation').fill(newPassword);
    const passwordForm = section.getByRole('form', { name: 'Edit Password' });
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Error! Something went wrong.')).toBeVisible();
    await expect(section.getByLabel('Current password')).toHaveAccessibleDescription(
      /The provided password is incorrect\./,
    );
    await section.getByLabel('Current password').fill(user.password);
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await expect(passwordForm).toBeHidden();

    // Email: a new address needs the password again first (decision 063), then must be
    // verified (the guard shows /check-email until then); the old address is told.
    const newEmail = `renamed-${Date.now()}@example.test`;
    await section.getByRole('button', { name: 'Edit Email' }).click();
    await section.getByLabel('Email address').fill(newEmail);
    await section
      .getByRole('form', { name: 'Edit Email' })
      .getByRole('button', { name: 'Save' })
      .click();
    const reconfirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(reconfirm).toBeVisible();
    await expect(page).toHaveURL(/\/settings/);
    await reconfirm.getByLabel('Confirm password').fill(newPassword);
    await reconfirm.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(reconfirm).toBeHidden();
    await expect(page).toHaveURL(/\/check-email/);
    const [notice] = await mailsTo(
      page.request,
      user.email,
      'Your Guestspot email address was changed',
    );
    expect(notice!.text).toContain(`to ${newEmail}`);
    await verifyLatest(page, newEmail);

    await signInAs(page, { email: newEmail, password: newPassword });
    await page.goto('/settings#profile');
    await expect(section.getByRole('group', { name: 'Email' })).toContainText(newEmail);
    await expect(section.getByRole('group', { name: 'Name' })).toContainText('Nora Okafor-Reid');
  });

  test('an admin finds another user on /admin-settings and edits them through the admin update', async ({
    page,
    playwright,
    signIn,
  }) => {
    const user = freshUser('admin-edit');
    const anonymous = await playwright.request.newContext({ baseURL: e2eEnv.baseURL });
    await registerUser({ request: anonymous }, user);

    await signIn(demoUsers.admin, '/settings');
    await page.getByRole('link', { name: 'Admin settings' }).click();
    await expect(page.getByRole('heading', { name: 'Admin settings' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('list', { name: 'Users found' })
      .getByRole('button', { name: `Edit ${user.firstName} ${user.lastName}` })
      .click();
    // The section is named after the user, so after the rename too: 'Editing …'.
    const editing = page.getByRole('region', { name: /^Editing / });
    await expect(editing).toHaveAccessibleName(`Editing ${user.firstName} ${user.lastName}`);
    await expect(editing.getByRole('group', { name: 'Title', exact: true })).toHaveCount(0);

    await editing.getByRole('button', { name: 'Edit Name' }).click();
    await editing.getByLabel('Last name').fill('Adebayo');
    await editing
      .getByRole('form', { name: 'Edit Name' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(editing.getByRole('group', { name: 'Name' })).toContainText('Nina Adebayo');

    await editing.getByRole('button', { name: 'Edit Password' }).click();
    await expect(editing.getByLabel('Current password')).toHaveCount(0);
    await editing.getByLabel(/^New password\W*$/).fill('Set-by-admin-1');
    await editing.getByLabel('New password confirmation').fill('Set-by-admin-1');
    await editing
      .getByRole('form', { name: 'Edit Password' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(editing.getByRole('form', { name: 'Edit Password' })).toBeHidden();

    await editing.getByRole('button', { name: 'Edit Notifications' }).click();
    await editing.getByRole('checkbox', { name: 'SMS notifications' }).check();
    await editing
      .getByRole('form', { name: 'Edit Notifications' })
      .getByRole('button', { name: 'Save' })
      .click();
    await expect(editing.getByRole('group', { name: 'Notifications' })).toContainText('SMS: On');

    await page.reload();
    const editingAfter = page.getByRole('region', { name: 'Editing Nina Adebayo' });
    await expect(editingAfter.getByRole('group', { name: 'Name' })).toContainText('Nina Adebayo');
    await expect(editingAfter.getByRole('group', { name: 'Notifications' })).toContainText(
      'SMS: On',
    );

    // The user signs in with the password the admin set.
    const login = await anonymous.post('/api/v1/auth/login', {
      headers: await (async () => {
        await anonymous.get('/api/v1/sanctum/csrf-cookie');
        const token = (await anonymous.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
        return { 'X-XSRF-TOKEN': decodeURIComponent(token!.value) };
      })(),
      data: { email: user.email, password: 'Set-by-admin-1', remember_me: false, device: 'spa' },
    });
    expect(login.status(), await login.text()).toBe(200);
    await anonymous.dispose();
  });
});
