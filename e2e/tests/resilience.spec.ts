import type { Page } from '@playwright/test';
import type { RemoteName } from '../support/env';
import {
  demoUsers,
  expect,
  loginForm,
  remoteLabels,
  test,
  userMenuButton,
} from '../support/fixtures';

/**
 * One remote's static server is stopped (its origin refuses connections): only that remote's
 * area says so, with Retry; the header, the sidebar and the other remotes keep working; once the
 * server is back, Retry renders the area without a page reload.
 */

function unavailable(page: Page, remote: RemoteName, variant: 'page' | 'widget' = 'page') {
  const title =
    variant === 'widget'
      ? `${remoteLabels[remote]} card is unavailable right now.`
      : `${remoteLabels[remote]} is unavailable right now.`;
  return page.getByRole('alert').filter({ has: page.getByRole('heading', { name: title }) });
}

async function expectSidebarWorks(page: Page) {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Close menu' }),
  ).toHaveAttribute('aria-expanded', 'true');
  return sidebar;
}

async function expectUserMenuWorks(page: Page) {
  const menu = userMenuButton(page, demoUsers.pro);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

test.describe('a remote that is down', () => {
  test('mfe-marketplace down: / says Marketplace is unavailable; /login still works; Retry recovers', async ({
    page,
    remotes,
  }) => {
    await remotes.stop('mfe_marketplace');
    await page.goto('/');
    const area = unavailable(page, 'mfe_marketplace');
    await expect(area).toBeVisible();
    await expect(area.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

    // The sidebar works and leads to another remote's page (mfe-account's /login).
    const sidebar = await expectSidebarWorks(page);
    await sidebar.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await expect(loginForm(page).getByLabel('Email', { exact: true })).toBeVisible();

    // Back home (client-side): still down.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Guestspot/ })
      .click();
    await expect(page).toHaveURL('/');
    await expect(unavailable(page, 'mfe_marketplace')).toBeVisible();

    await remotes.start('mfe_marketplace');
    await unavailable(page, 'mfe_marketplace').getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: "Book the world's top guests & shows!" }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    await expect(unavailable(page, 'mfe_marketplace')).toHaveCount(0);
  });

  test('mfe-account down: /login and the Sign in modal say Account is unavailable; home still works; Retry recovers', async ({
    page,
    remotes,
  }) => {
    await remotes.stop('mfe_account');
    await page.goto('/login');
    await expect(
      unavailable(page, 'mfe_account').getByRole('button', { name: 'Retry' }),
    ).toBeVisible();

    // The header's modal hosts mfe-account's form: it says so in the dialog only.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Guestspot' });
    await expect(
      dialog.getByRole('heading', { name: 'Account card is unavailable right now.' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const sidebar = await expectSidebarWorks(page);
    await expect(sidebar.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();

    // Another remote's page: the header's home link opens mfe-marketplace's home.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Guestspot/ })
      .click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );

    await (await expectSidebarWorks(page)).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await expect(unavailable(page, 'mfe_account')).toBeVisible();

    await remotes.start('mfe_account');
    await unavailable(page, 'mfe_account').getByRole('button', { name: 'Retry' }).click();
    await expect(loginForm(page).getByLabel('Email', { exact: true })).toBeVisible();
    await expect(
      loginForm(page).getByRole('button', { name: 'Sign In', exact: true }),
    ).toBeVisible();
  });

  test('mfe-booking down: /bookings says Bookings is unavailable; dashboard and MINIVIEW still work; Retry recovers', async ({
    page,
    remotes,
    signIn,
  }) => {
    await remotes.stop('mfe_booking');
    await signIn(demoUsers.pro, '/bookings');
    await expect(
      unavailable(page, 'mfe_booking').getByRole('button', { name: 'Retry' }),
    ).toBeVisible();
    await expectUserMenuWorks(page);

    // The sidebar leads to the dashboard: only the bookings card is unavailable.
    await (await expectSidebarWorks(page)).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(unavailable(page, 'mfe_booking', 'widget')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' })).toContainText(
      demoUsers.pro.name,
    );
    await expect(
      page.getByRole('heading', { name: 'Collect answers with MINIVIEW™' }),
    ).toBeVisible();

    // Another remote's page.
    const account = page.getByRole('navigation', { name: 'Account' });
    await account.getByRole('link', { name: 'MINIVIEW' }).click();
    await expect(page).toHaveURL('/user-miniviews');
    await expect(page.getByRole('table', { name: 'Your MINIVIEWs' }).getByRole('row')).toHaveCount(
      3,
    );

    await account.getByRole('link', { name: 'Bookings' }).click();
    await expect(page).toHaveURL('/bookings');
    await expect(unavailable(page, 'mfe_booking')).toBeVisible();

    await remotes.start('mfe_booking');
    await unavailable(page, 'mfe_booking').getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(unavailable(page, 'mfe_booking')).toHaveCount(0);
  });

  test('mfe-miniview down: /user-miniviews says MINIVIEW is unavailable; bookings still work; Retry recovers', async ({
    page,
    remotes,
    signIn,
  }) => {
    await remotes.stop('mfe_miniview');
    await signIn(demoUsers.pro, '/user-miniviews');
    await expect(
      unavailable(page, 'mfe_miniview').getByRole('button', { name: 'Retry' }),
    ).toBeVisible();
    await expectUserMenuWorks(page);

    // The sidebar leads to another remote's page.
    await (await expectSidebarWorks(page)).getByRole('link', { name: /^Bookings/ }).click();
    await expect(page).toHaveURL('/bookings');
    await expect(
      page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first(),
    ).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'MINIVIEW' })
      .click();
    await expect(page).toHaveURL('/user-miniviews');
    await expect(unavailable(page, 'mfe_miniview')).toBeVisible();

    await remotes.start('mfe_miniview');
    await unavailable(page, 'mfe_miniview').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('table', { name: 'Your MINIVIEWs' }).getByRole('row')).toHaveCount(
      3,
    );
    await expect(unavailable(page, 'mfe_miniview')).toHaveCount(0);
  });
});

/**
 * A remote whose server accepts the connection and never answers (a stuck server or proxy): its
 * area waits REMOTE_LOAD_TIMEOUT_MS (10 s, shell/src/federation/resilience-plugin.ts), then says it
 * is unavailable like a remote that is down, instead of loading for good.
 */
test.describe('a remote that hangs', () => {
  // Each test waits out the load timeout, once or twice.
  test.describe.configure({ timeout: 75_000 });
  /** Comfortably above the 10 s load timeout, far below "for good". */
  const GIVES_UP_WITHIN = 15_000;

  test('mfe-marketplace hangs: / says Marketplace is unavailable after the timeout; the header works meanwhile; Retry recovers', async ({
    page,
    remotes,
  }) => {
    await remotes.hang('mfe_marketplace');
    const started = Date.now();
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toBeVisible();

    // While the area waits, the header and the sidebar work.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectSidebarWorks(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();

    const area = unavailable(page, 'mfe_marketplace');
    await expect(area).toBeVisible({ timeout: GIVES_UP_WITHIN });
    // The load timed out (a refused connection would have failed at once).
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

    await remotes.start('mfe_marketplace');
    await area.getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: "Book the world's top guests & shows!" }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    await expect(unavailable(page, 'mfe_marketplace')).toHaveCount(0);
  });

  test('mfe-marketplace hangs after / loaded: /browse, whose code is still to come, says Marketplace is unavailable; Retry recovers', async ({
    page,
    remotes,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: "Book the world's top guests & shows!" }),
    ).toBeVisible();
    // "After / loaded": nothing of the remote may still be on its way (a page chunk the home
    // page fetched ahead would otherwise start its 10 s timeout before the tap).
    await page.waitForLoadState('networkidle');
    await remotes.hang('mfe_marketplace');
    const started = Date.now();
    await (await expectSidebarWorks(page)).getByRole('link', { name: 'Browse' }).click();
    await expect(page).toHaveURL('/browse');

    // The page's chunk times out (10 s, webpack's chunkLoadTimeout); the area then loads the
    // remote afresh once, and its manifest times out too (10 s).
    const area = unavailable(page, 'mfe_marketplace');
    await expect(area).toBeVisible({ timeout: 2 * GIVES_UP_WITHIN });
    expect(Date.now() - started).toBeGreaterThanOrEqual(18_000);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

    await remotes.start('mfe_marketplace');
    await area.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Browse guests' })).toBeVisible();
    await expect(unavailable(page, 'mfe_marketplace')).toHaveCount(0);
  });

  test('mfe-booking hangs: its dashboard card says it is unavailable after the timeout; the other cards show; Retry recovers', async ({
    page,
    remotes,
    signIn,
  }) => {
    await remotes.hang('mfe_booking');
    await signIn(demoUsers.pro, '/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' })).toContainText(
      demoUsers.pro.name,
    );

    const card = unavailable(page, 'mfe_booking', 'widget');
    await expect(card).toBeVisible({ timeout: GIVES_UP_WITHIN });
    await expect(page.getByRole('alert').filter({ hasText: 'unavailable right now' })).toHaveCount(
      1,
    );
    await expect(page.getByRole('region', { name: 'Recent bookings' })).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: 'Collect answers with MINIVIEW™' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your public profiles' })).toBeVisible();

    await remotes.start('mfe_booking');
    await card.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('region', { name: 'Recent bookings' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'unavailable right now' })).toHaveCount(
      0,
    );
  });
});

test.describe('/dashboard with one remote down', () => {
  /** mfe-miniview's banner, in the layout's slot above the dashboard (decision 087). */
  const banner = (page: Page) =>
    page.getByRole('heading', { name: 'Collect answers with MINIVIEW™' });
  const cards: { remote: RemoteName; card: (page: Page) => ReturnType<Page['getByRole']> }[] = [
    { remote: 'mfe_account', card: (page) => page.getByRole('region', { name: 'Your account' }) },
    {
      remote: 'mfe_booking',
      card: (page) => page.getByRole('region', { name: 'Recent bookings' }),
    },
    {
      remote: 'mfe_marketplace',
      card: (page) => page.getByRole('region', { name: 'Your public profiles' }),
    },
  ];

  for (const { remote } of cards) {
    test(`${remote.replace('_', '-')} down: only its card is unavailable; Retry brings it back`, async ({
      page,
      remotes,
      signIn,
    }) => {
      await remotes.stop(remote);
      await signIn(demoUsers.pro, '/dashboard');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' }),
      ).toBeVisible();
      const area = unavailable(page, remote, 'widget');
      await expect(area).toBeVisible();
      await expect(
        page.getByRole('alert').filter({ hasText: 'unavailable right now' }),
      ).toHaveCount(1);
      for (const other of cards.filter((card) => card.remote !== remote))
        await expect(other.card(page)).toBeVisible();
      await expect(banner(page)).toBeVisible();
      await expect(cards.find((card) => card.remote === remote)!.card(page)).toHaveCount(0);

      await remotes.start(remote);
      await area.getByRole('button', { name: 'Retry' }).click();
      for (const card of cards) await expect(card.card(page)).toBeVisible();
      await expect(
        page.getByRole('alert').filter({ hasText: 'unavailable right now' }),
      ).toHaveCount(0);
    });
  }

  test('mfe-miniview down: its banner simply stays away; every card shows, nothing is unavailable', async ({
    page,
    remotes,
    signIn,
  }) => {
    await remotes.stop('mfe_miniview');
    await signIn(demoUsers.pro, '/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' }),
    ).toBeVisible();
    for (const card of cards) await expect(card.card(page)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: 'unavailable right now' })).toHaveCount(
      0,
    );
  });
});
