import { demoUsers, expect, expectNoAxeViolations, loginForm, test } from '../support/fixtures';

// The home page's check is in home.spec.ts; these are the other screens, each once loaded.
test.describe('accessibility (axe, WCAG 2 A/AA)', () => {
  test('/login and the Sign in modal', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      loginForm(page.getByRole('dialog', { name: 'Sign in to Guestspot' })),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/bookings, /user-miniviews and /dashboard, signed in', async ({ page, signIn }) => {
    await signIn(demoUsers.pro, '/bookings');
    await expect(
      page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'MINIVIEW' })
      .click();
    await expect(page.getByRole('table', { name: 'Your MINIVIEWs' }).getByRole('row')).toHaveCount(
      3,
    );
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(
      page.getByRole('region', { name: 'Recent bookings' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a booking page: its Activity and Application views and the calendar dialog', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.pro, '/bookings');
    const first = page
      .getByRole('list', { name: 'Bookings' })
      .getByRole('listitem')
      .first()
      .getByRole('link', { name: /\(booking #\d+\)$/ });
    await first.click();
    await expect(page).toHaveURL(/\/bookings\/\d+$/);
    await expect(page.getByRole('region', { name: 'Activity entries' })).toBeVisible();
    await expectNoAxeViolations(page);

    const views = page.getByRole('navigation', { name: 'Booking views' });
    await views.getByRole('link', { name: 'Application' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Answers', exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // #show-calendar opens the calendar: guest@'s seeded booking with The Sofia Ramirez Show is
    // accepted with no date yet, so she may propose dates.
    await signIn(demoUsers.guest, '/dashboard');
    const list = await page.request.get('/api/v1/bookings', { params: { limit: 100 } });
    const { data } = (await list.json()) as {
      data: { id: number; status: string; counterpart: { name: string } }[];
    };
    const accepted = data.find(
      (booking) =>
        booking.status === 'accepted' && booking.counterpart.name === 'The Sofia Ramirez Show',
    );
    expect(accepted, "guest@'s accepted booking with no date").toBeTruthy();
    await page.goto(`/bookings/${accepted!.id}#show-calendar`);
    const calendar = page.getByRole('dialog', { name: 'Propose dates' });
    await expect(calendar.getByRole('group', { name: /^Days of / })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
