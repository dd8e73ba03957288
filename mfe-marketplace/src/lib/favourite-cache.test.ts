import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { makeGuest, makeShow, paginated } from '@guestspot/shared-api/testing';
import { invalidateFavourites, setFavouriteInCache } from './favourite-cache';

function seededClient() {
  const client = new QueryClient();
  // Browse's infinite list, a home slider, a profile page, and a show that shares the guest's id.
  client.setQueryData(queryKeys.guests({ search: 'ada' }), {
    pages: [paginated([makeGuest({ id: 7 }), makeGuest({ id: 8 })])],
    pageParams: [1],
  });
  client.setQueryData(queryKeys.home('guests'), {
    data: [{ key: 'featured', items: [makeGuest({ id: 7 })] }],
  });
  client.setQueryData(queryKeys.profile('guests', 'ada'), {
    type: 'guests',
    profile: makeGuest({ id: 7 }),
  });
  client.setQueryData(queryKeys.shows({}), paginated([makeShow({ id: 7 })]));
  client.setQueryData(queryKeys.categories, [{ id: 7, is_favourited: false }]);
  return client;
}

describe('the favourite in cached pages', () => {
  it('sets the server’s answer on every cached copy of that profile, and on nothing else', () => {
    const client = seededClient();
    const showsBefore = client.getQueryData(queryKeys.shows({}));
    const categoriesBefore = client.getQueryData(queryKeys.categories);

    setFavouriteInCache(client, 'guests', 7, true);

    const list = client.getQueryData<{
      pages: { data: { id: number; is_favourited: boolean }[] }[];
    }>(queryKeys.guests({ search: 'ada' }));
    expect(list?.pages[0]?.data.map((guest) => [guest.id, guest.is_favourited])).toEqual([
      [7, true],
      [8, false],
    ]);
    expect(client.getQueryData(queryKeys.home('guests'))).toMatchObject({
      data: [{ items: [{ id: 7, is_favourited: true }] }],
    });
    expect(client.getQueryData(queryKeys.profile('guests', 'ada'))).toMatchObject({
      profile: { id: 7, is_favourited: true },
    });
    // The show with the same id and unrelated data stay the very same objects.
    expect(client.getQueryData(queryKeys.shows({}))).toBe(showsBefore);
    expect(client.getQueryData(queryKeys.categories)).toBe(categoriesBefore);
  });

  it('marks the pages with hearts stale after the wishlist changed favourites', async () => {
    const client = seededClient();
    await invalidateFavourites(client);
    expect(client.getQueryState(queryKeys.guests({ search: 'ada' }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.profile('guests', 'ada'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.categories)?.isInvalidated).toBe(false);
  });
});
