// `node --test shell/server/`: what the site's server adds to index.html for a URL (decision 075).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPageHints } from './page-hints.mjs';

const ORIGIN = 'http://127.0.0.1:3000';
const MARKETPLACE = 'http://127.0.0.1:3001';
const remotesConfig = {
  remotes: {
    mfe_marketplace: `${MARKETPLACE}/mf-manifest.json`,
    mfe_account: '/account/mf-manifest.json',
  },
};
const manifest = (name) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './routes',
      assets: {
        js: { sync: [`${name}-routes.js`], async: [] },
        css: { sync: [`${name}.css`], async: [] },
      },
    },
  ],
});
const files = {
  [`${MARKETPLACE}/mf-manifest.json`]: manifest('market'),
  [`${MARKETPLACE}/routes.json`]: {
    routes: ['/', '/browse', '/:guestId'],
    pages: { '/browse': ['12.abcdef12.js', '12.abcdef12.css'] },
  },
  [`${ORIGIN}/account/mf-manifest.json`]: manifest('account'),
  [`${ORIGIN}/account/routes.json`]: { routes: ['/login', '/settings'], pages: {} },
};

/** A fetch that answers from `files`; `down` lists URLs that fail. */
function fakeFetch(down = new Set()) {
  const calls = [];
  const fetchImpl = async (url) => {
    calls.push(String(url));
    if (down.has(String(url)) || !(url in files)) throw new Error(`connection refused: ${url}`);
    return new Response(JSON.stringify(files[url]), { status: 200 });
  };
  return { fetchImpl, calls };
}

const TEMPLATE = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
const boot = (html) =>
  JSON.parse(html.match(/<script type="application\/json" id="gs-boot">(.*?)<\/script>/)[1]);

describe('page hints', () => {
  it('preloads the owning remote’s manifest, entry, routes expose and page files', async () => {
    const hints = createPageHints({ remotesConfig, origin: ORIGIN, ...fakeFetch() });
    const html = await hints.page(TEMPLATE, '/browse');
    const head = html.slice(0, html.indexOf('</head>'));
    for (const expected of [
      `<link rel="preconnect" href="${MARKETPLACE}">`,
      `<link rel="preload" href="${MARKETPLACE}/mf-manifest.json" as="fetch" crossorigin="anonymous">`,
      `<link rel="preload" href="${MARKETPLACE}/remoteEntry.js" as="script">`,
      `<link rel="preload" href="${MARKETPLACE}/market-routes.js" as="script">`,
      `<link rel="preload" href="${MARKETPLACE}/market.css" as="style">`,
      `<link rel="preload" href="${MARKETPLACE}/12.abcdef12.js" as="script">`,
      `<link rel="preload" href="${MARKETPLACE}/12.abcdef12.css" as="style">`,
    ]) {
      assert.ok(head.includes(expected), `missing ${expected}`);
    }
    const links = head.match(/<link [^>]*>/g) ?? [];
    assert.ok(!links.some((tag) => tag.includes('account')), 'nothing of a remote it does not use');
    assert.deepEqual(boot(html), {
      remotes: remotesConfig.remotes,
      routes: {
        mfe_marketplace: ['/', '/browse', '/:guestId'],
        mfe_account: ['/login', '/settings'],
      },
    });
  });

  it('ranks paths as the shell does and keeps a same-origin remote relative', async () => {
    const hints = createPageHints({ remotesConfig, origin: ORIGIN, ...fakeFetch() });
    const login = await hints.page(TEMPLATE, '/login');
    assert.ok(login.includes('<link rel="preload" href="/account/remoteEntry.js" as="script">'));
    assert.ok(!login.includes('rel="preconnect"'), 'no preconnect to its own origin');
    // /dashboard is the shell's own page: no remote is preloaded, the config is still inline.
    const dashboard = await hints.page(TEMPLATE, '/dashboard');
    assert.ok(!dashboard.includes('rel="preload"'));
    assert.ok(boot(dashboard).remotes.mfe_marketplace);
  });

  it('leaves out a remote that does not answer; the shell then reads its routes itself', async () => {
    const { fetchImpl } = fakeFetch(new Set([`${MARKETPLACE}/routes.json`]));
    const hints = createPageHints({ remotesConfig, origin: ORIGIN, fetchImpl });
    const html = await hints.page(TEMPLATE, '/browse');
    assert.ok(!html.includes('rel="preload"'));
    assert.deepEqual(Object.keys(boot(html).routes), ['mfe_account']);
  });

  it('leaves out a remote that hangs: nothing on the page waits for it', async () => {
    const { fetchImpl } = fakeFetch();
    let hanging = false;
    const hints = createPageHints({
      remotesConfig,
      origin: ORIGIN,
      fetchImpl: (url, init) =>
        hanging && String(url).startsWith(MARKETPLACE)
          ? new Promise((_resolve, reject) => init.signal.addEventListener('abort', reject))
          : fetchImpl(url),
    });
    assert.ok((await hints.page(TEMPLATE, '/browse')).includes('rel="preload"'));
    hanging = true;
    const started = Date.now();
    const html = await hints.page(TEMPLATE, '/browse');
    assert.ok(Date.now() - started < 1_000, 'answered after the 300 ms wait');
    assert.ok(!html.includes('rel="preload"'), 'what it said before is not used');
    assert.deepEqual(Object.keys(boot(html).routes), ['mfe_account']);
  });

  it('reads the remotes again for every page, so a redeployed remote is followed at once', async () => {
    const { fetchImpl, calls } = fakeFetch();
    const hints = createPageHints({ remotesConfig, origin: ORIGIN, fetchImpl });
    await hints.page(TEMPLATE, '/');
    const first = calls.length;
    files[`${MARKETPLACE}/routes.json`] = { routes: ['/', '/browse', '/new-page'], pages: {} };
    const html = await hints.page(TEMPLATE, '/new-page');
    assert.equal(calls.length, first * 2);
    assert.ok(boot(html).routes.mfe_marketplace.includes('/new-page'));
    assert.ok(html.includes(`${MARKETPLACE}/remoteEntry.js`));
  });

  it('cannot be made to close its script element by what a remote publishes', async () => {
    files[`${ORIGIN}/account/routes.json`] = { routes: ['/</script><script>alert(1)//'] };
    const hints = createPageHints({ remotesConfig, origin: ORIGIN, ...fakeFetch() });
    const html = await hints.page(TEMPLATE, '/');
    assert.equal(html.split('</script>').length, 2, 'one script element, closed once');
    assert.ok(boot(html).routes.mfe_account[0].startsWith('/</script>'));
  });
});
