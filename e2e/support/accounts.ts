import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { e2eEnv } from './env';

// Fresh accounts and the local email outbox, for the email-based journeys (register, verify,
// reset). Every test makes its own user, so no test depends on another's leftovers.

export interface FreshUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let sequence = 0;

export function freshUser(label: string): FreshUser {
  sequence += 1;
  return {
    email: `${label}-${Date.now()}-${sequence}@example.test`,
    password: 'Original-pass-1',
    firstName: 'Nina',
    lastName: 'Okafor',
  };
}

/** The XSRF header for `request`, after asking the API for a token cookie. */
async function csrfHeader(
  request: APIRequestContext,
  cookies: () => Promise<{ name: string; value: string }[]>,
): Promise<Record<string, string>> {
  const response = await request.get('/api/v1/sanctum/csrf-cookie');
  expect(response.status()).toBe(204);
  const token = (await cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  expect(token, 'the XSRF-TOKEN cookie').toBeTruthy();
  return { 'X-XSRF-TOKEN': decodeURIComponent(token!.value) };
}

/**
 * POST /api/v1/auth/register. With a browser context, the new session's cookie lands there (the
 * page is then signed in as the new, pending user); with a bare request context it does not.
 */
export async function registerUser(
  target: { context: BrowserContext } | { request: APIRequestContext },
  user: FreshUser,
): Promise<void> {
  const request = 'context' in target ? target.context.request : target.request;
  const cookies =
    'context' in target
      ? () => target.context.cookies(e2eEnv.baseURL)
      : async () => (await target.request.storageState()).cookies;
  const response = await request.post('/api/v1/auth/register', {
    headers: await csrfHeader(request, cookies),
    data: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      phone: '(512) 555-0177',
      password: user.password,
      password_confirmation: user.password,
      terms: true,
      device: 'spa',
    },
  });
  expect(response.status(), `POST /api/v1/auth/register: ${await response.text()}`).toBe(201);
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Waits until at least `atLeast` emails to `to` with `subject` arrived and returns them, newest
 * first (GET /api/v1/dev/outbox).
 */
export async function mailsTo(
  request: APIRequestContext,
  to: string,
  subject: string,
  atLeast = 1,
): Promise<OutboxMail[]> {
  let found: OutboxMail[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { data: OutboxMail[] };
        found = body.data.filter((mail) => mail.subject === subject);
        return found.length;
      },
      { message: `${atLeast} email(s) "${subject}" to ${to}` },
    )
    .toBeGreaterThanOrEqual(atLeast);
  return found;
}

/** The site path (with its query) of the first link in `mail` that goes to `pathPrefix`. */
export function linkPath(mail: OutboxMail, pathPrefix: string): string {
  const url = mail.text
    .split(/\s+/)
    .filter((word) => /^https?:\/\//.test(word))
    .map((word) => new URL(word))
    .find((candidate) => candidate.pathname.startsWith(pathPrefix));
  expect(url, `a ${pathPrefix} link in:\n${mail.text}`).toBeTruthy();
  return `${url!.pathname}${url!.search}`;
}

/** The local storage flag the session store reads at start (shared-api/src/session). */
export const AUTH_FLAG_KEY = 'guestspot.authenticated';

/** Opens the link of the latest verification email sent to `email`: the address is verified. */
export async function verifyLatest(page: Page, email: string) {
  const [verification] = await mailsTo(page.request, email, 'Verify your email address');
  await page.goto(linkPath(verification!, '/verify-email'));
  await expect(page).toHaveURL('/verify-email/thanks');
}

/** A new account, signed in in `page`'s context (the shell's flag set), its email verified. */
export async function signUpVerified(
  page: Page,
  context: BrowserContext,
  label: string,
): Promise<FreshUser> {
  const user = freshUser(label);
  await registerUser({ context }, user);
  await page.goto('/remotes.json');
  await page.evaluate((key) => window.localStorage.setItem(key, '1'), AUTH_FLAG_KEY);
  await verifyLatest(page, user.email);
  return user;
}

/** Fills the registration's "Personal information" form with `user` (terms and Continue left to the caller). */
export async function fillPersonalInformation(form: Locator, user: FreshUser) {
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill(user.lastName);
  await form.getByLabel('Email address').fill(user.email);
  await form.getByLabel('Phone number').pressSequentially('5125550177');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await form.getByLabel('Password confirmation').fill(user.password);
}
