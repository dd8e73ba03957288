import { http, HttpResponse } from 'msw';
import { isApiError } from './errors';
import { server, setupMswServer } from './testing';
import {
  createUpsellPackage,
  deleteUpsellPackage,
  listUpsellPackages,
  updateUpsellPackage,
} from './upsell-packages';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-1; path=/';
});

const upsell = {
  id: 4,
  title: 'Social media shout-out',
  description: null,
  price: 4950,
  currency: 'USD' as const,
  url: null,
  social_handle: '@founderfiles',
  profile_type: 'show' as const,
  profile_name: 'The Founder Files',
  profile_id: 3,
};
const payload = {
  title: 'Social media shout-out',
  price: 4950,
  currency: 'USD' as const,
  social_handle: '@founderfiles',
};

describe('upsell packages', () => {
  it('lists, creates, replaces and deletes a show’s packages under /shows/{id}, prices in cents', async () => {
    const sent: unknown[] = [];
    let deleted = '';
    server.use(
      http.get('*/api/v1/shows/3/upsell-packages', () => HttpResponse.json({ data: [upsell] })),
      http.post('*/api/v1/shows/3/upsell-packages', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: upsell }, { status: 201 });
      }),
      http.put('*/api/v1/shows/3/upsell-packages/4', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: { ...upsell, price: 6000 } });
      }),
      http.delete('*/api/v1/shows/3/upsell-packages/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(listUpsellPackages('show', 3)).resolves.toEqual([upsell]);
    await expect(createUpsellPackage('show', 3, payload)).resolves.toEqual(upsell);
    await expect(
      updateUpsellPackage('show', 3, 4, { ...payload, price: 6000 }),
    ).resolves.toMatchObject({ price: 6000 });
    await deleteUpsellPackage('show', 3, 4);
    expect(sent).toEqual([payload, { ...payload, price: 6000 }]);
    expect(deleted).toBe('4');
  });

  it('throws a guest package’s 422 with its field errors', async () => {
    server.use(
      http.post('*/api/v1/guests/7/upsell-packages', () =>
        HttpResponse.json(
          {
            message: 'The price field must be at least 0.',
            errors: { price: ['The price field must be at least 0.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const error: unknown = await createUpsellPackage('guest', 7, { ...payload, price: -1 }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.fieldErrors).toEqual({
      price: ['The price field must be at least 0.'],
    });
  });
});
