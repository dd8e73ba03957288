import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, server, setupMswServer } from '@guestspot/shared-api/testing';
import { ReferralLink, resetReferralLinks } from './referral-link';

setupMswServer();

function serveReferral(status = 200) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/referral-cookie', ({ request }) => {
      calls.push(`GET ref=${new URL(request.url).searchParams.get('ref')}`);
      return status === 200
        ? HttpResponse.json({ data: { ref: 'priyapatel' } })
        : HttpResponse.json({ message: 'Not found.' }, { status });
    }),
    http.put('*/api/v1/increment-views/:ref', ({ params }) => {
      calls.push(`PUT ${String(params.ref)}`);
      return HttpResponse.json({ data: { counted: true } });
    }),
  );
  return calls;
}

beforeEach(resetReferralLinks);

describe('a referral link', () => {
  it('stores the cookie, then counts the view, and takes ref out of the URL', async () => {
    const calls = serveReferral();
    const { router } = renderWithProviders(<ReferralLink />, {
      route: '/browse?showing=shows&ref=priyapatel#top',
    });
    await waitFor(() => expect(calls).toEqual(['GET ref=priyapatel', 'PUT priyapatel']));
    expect(router.state.location).toMatchObject({
      pathname: '/browse',
      search: '?showing=shows',
      hash: '#top',
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('does not count the view of an unknown code', async () => {
    const calls = serveReferral(404);
    const { router } = renderWithProviders(<ReferralLink />, { route: '/?ref=nosuchcode' });
    await waitFor(() => expect(calls).toEqual(['GET ref=nosuchcode']));
    expect(router.state.location.search).toBe('');
  });

  it('calls nothing on pages without ref', async () => {
    const calls = serveReferral();
    const { router } = renderWithProviders(<ReferralLink />, { route: '/about?x=1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(router.state.location.search).toBe('?x=1');
  });
});
