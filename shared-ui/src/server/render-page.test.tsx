/**
 * @jest-environment node
 */
import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { useParams, type RouteObject } from 'react-router-dom';
import { renderPage } from './render-page';

/** A page that needs a profile, then the profile's reviews (a second round of data). */
function Profile() {
  const { id } = useParams();
  const profile = useQuery({
    queryKey: ['profile', id],
    queryFn: async () => {
      if (id === 'missing') throw new Error('404');
      return { id, name: `Guest ${id}` };
    },
  });
  const reviews = useQuery({
    queryKey: ['reviews', id],
    queryFn: async () => ['Great interview'],
    enabled: Boolean(profile.data),
  });
  if (!profile.data) return <p>Loading profile</p>;
  return (
    <article>
      <h1>{profile.data.name}</h1>
      {reviews.data ? <p>{reviews.data[0]}</p> : <p>Loading reviews</p>}
    </article>
  );
}

const LazyAbout = lazy(async () => ({ default: () => <h1>{'About <b>us</b>'}</h1> }));

const routes: RouteObject[] = [
  { path: '/guests/:id', element: <Profile />, handle: { access: 'public' } },
  { path: '/about', element: <LazyAbout /> },
  { path: '/settings', element: <p>Settings</p>, handle: { access: 'auth' } },
  { path: '/login', element: <h1>Sign in</h1>, handle: { access: 'guest-only' } },
];

/** The page at `url`, which must render. */
async function rendered(url: string) {
  return (
    (await renderPage(routes, url)) ??
    (() => {
      throw new Error(`${url} did not render`);
    })()
  );
}

describe('renderPage (a remote’s page on the server, decision 077)', () => {
  it('renders the page with its data, fetching what each render asks for', async () => {
    const { html, queries } = await rendered('/guests/7?tab=reviews');
    expect(html).toContain('<h1>Guest 7</h1>');
    expect(html).toContain('Great interview');
    expect(html).not.toContain('Loading');
    const keys = queries.queries.map((query) => query.queryKey);
    expect(keys).toEqual([
      ['profile', '7'],
      ['reviews', '7'],
    ]);
  });

  it('waits for a lazy page and escapes its text as React does', async () => {
    const { html } = await rendered('/about');
    expect(html).toContain('<h1>About &lt;b&gt;us&lt;/b&gt;</h1>');
  });

  it('renders pages for visitors only: public and guest-only, never signed-in ones', async () => {
    expect((await rendered('/login')).html).toContain('Sign in');
    expect(await renderPage(routes, '/settings')).toBeNull();
  });

  it('leaves to the browser a path it does not serve or a page whose data failed', async () => {
    expect(await renderPage(routes, '/nowhere')).toBeNull();
    expect(await renderPage(routes, '/guests/missing')).toBeNull();
  });
});
