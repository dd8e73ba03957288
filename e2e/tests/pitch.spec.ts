import { expect, demoUsers, test } from '../support/fixtures';

// The Pitch button opens the Pitching dialog; Continue goes to the pitch booking route, which is
// the whole intent (decision 102): the booking flow starts its pitch draft there, and nothing is
// stored or priced on the profile page.

interface GuestCard {
  id: number;
  slug: string;
  name: string;
  user_id: number;
  lowest_price: number | null;
  pitch_settings: { is_enabled: boolean; price: number | null };
}

test('the Pitching dialog leads to the pitch route, where the flow starts a pitch', async ({
  page,
  signIn,
}) => {
  // A guest that may be pitched (spec §2.5) and has set a pitch price.
  const response = await page.request.get('/api/v1/guests?limit=50');
  const { data } = (await response.json()) as { data: GuestCard[] };
  const guest = data.find(
    (item) =>
      item.pitch_settings.is_enabled &&
      item.lowest_price !== null &&
      item.pitch_settings.price !== null,
  );
  expect(guest, 'a pitchable guest with a pitch price in the seed').toBeTruthy();

  await signIn(demoUsers.standard, `/guests/${guest!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: guest!.name })).toBeVisible();
  await page.getByRole('button', { name: 'Pitch', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pitching' });
  // The price the profile set, as the server publishes it.
  const cents = guest!.pitch_settings.price!;
  const price = cents === 0 ? 'FREE' : `$${Math.round(cents / 100)}`;
  await expect(dialog).toContainText(`Pitch price: ${price}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Pitch', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Pitching' })
    .getByRole('button', { name: 'Continue' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/guests/${guest!.id}/book/pitch$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your pitch' })).toBeVisible();
  // The one draft is the booking flow's, a pitch of this guest; the profile page wrote none.
  const stored = await page.evaluate(() => ({
    flow: sessionStorage.getItem('guestspot:booking-flow'),
    legacy: sessionStorage.getItem('guestspot:booking-draft'),
  }));
  expect(stored.legacy).toBeNull();
  expect(JSON.parse(stored.flow ?? '{}')).toMatchObject({
    state: { values: { flowKey: `guest:${guest!.id}:pitch` } },
  });
});
