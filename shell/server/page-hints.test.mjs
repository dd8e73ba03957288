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

describe('page hints for a page rendered on the server (decision 077)', () => {
  // The shell's built index.html, as HtmlWebpackPlugin and the startup preloads write it.
  const SHELL_TEMPLATE =
    '<html><head><title>x</title><script defer="defer" src="/main.js"></script>' +
    '<link rel="preload" as="script" href="/154.abcdef12.js">' +
    '<link rel="stylesheet" href="/376.abcdef12.css" data-href="376.abcdef12.css">' +
    '</head><body><noscript>JS</noscript><div id="root"></div></body></html>';

  /** A prerender that renders every page it is asked for, and says what it was asked. */
  function fakePrerender(result = true) {
    const calls = [];
    return {
      calls,
      render: async (rendererUrl, url) => {
        calls.push([rendererUrl, url]);
        if (!result) return null;
        return {
          head: '<link rel="preload" as="image" href="/api/v1/images/guests/1.svg" fetchPriority="high"/>',
          root: '<header>Guestspot</header><main><div class="gs-prerendered"><h1>Browse guests</h1></div></main>',
          data: {
            url,
            queries: { queries: [{ state: { data: { bio: '</script><script>alert(1)//' } } }] },
          },
        };
      },
    };
  }

  const scriptsOf = (html) =>
    JSON.parse(html.match(/<script type="application\/json" id="gs-scripts">(.*?)<\/script>/)[1]);
  const prerenderData = (html) =>
    JSON.parse(html.match(/<script type="application\/json" id="gs-prerender">(.*?)<\/script>/)[1]);

  it('puts a visitor’s page in #root with its data, its styles first and its scripts after paint', async () => {
    files[`${MARKETPLACE}/routes.json`] = {
      routes: ['/', '/browse', '/:guestId'],
      pages: { '/browse': ['12.abcdef12.js', '12.abcdef12.css'] },
      render: 'server/render.cjs?v=abc123',
    };
    const prerender = fakePrerender();
    const hints = createPageHints({ remotesConfig, origin: ORIGIN, prerender, ...fakeFetch() });
    const html = await hints.page(SHELL_TEMPLATE, '/browse?showing=shows', { visitor: true });

    assert.deepEqual(prerender.calls, [
      [`${MARKETPLACE}/server/render.cjs?v=abc123`, '/browse?showing=shows'],
    ]);
    assert.ok(
      html.includes(
        '<div id="root"><header>Guestspot</header><main><div class="gs-prerendered"><h1>Browse guests</h1></div></main></div>',
      ),
    );
    const head = html.slice(0, html.indexOf('</head>'));
    // Painted from the HTML: the page's styles block the paint, its image is asked for at once.
    assert.ok(head.includes(`<link rel="stylesheet" href="${MARKETPLACE}/market.css">`));
    assert.ok(head.includes(`<link rel="stylesheet" href="${MARKETPLACE}/12.abcdef12.css">`));
    assert.ok(head.includes('<link rel="preload" as="image" href="/api/v1/images/guests/1.svg"'));
    assert.ok(
      head.includes('<link rel="stylesheet" href="/376.abcdef12.css"'),
      'the shell’s CSS stays',
    );
    // No script is fetched before the first paint: after-paint.js fetches them from its list.
    assert.ok(!/<link rel="preload"[^>]* as="script"|<link rel="preload" as="script"/.test(head));
    assert.ok(!head.includes('src="/main.js"'));
    assert.ok(head.includes('<script defer src="/after-paint.js"></script>'));
    assert.deepEqual(scriptsOf(html), {
      preload: [
        { href: '/154.abcdef12.js', as: 'script' },
        { href: `${MARKETPLACE}/mf-manifest.json`, as: 'fetch', crossorigin: 'anonymous' },
        { href: `${MARKETPLACE}/remoteEntry.js`, as: 'script' },
        { href: `${MARKETPLACE}/market-routes.js`, as: 'script' },
        { href: `${MARKETPLACE}/12.abcdef12.js`, as: 'script' },
      ],
      run: ['/main.js'],
    });
    // The data cannot close its script element.
    assert.equal(prerenderData(html).url, '/browse?showing=shows');
    assert.equal(
      prerenderData(html).queries.queries[0].state.data.bio,
      '</script><script>alert(1)//',
    );
    assert.equal(
      html.split('</script>').length,
      5,
      'gs-boot, gs-scripts, after-paint, gs-prerender',
    );
  });

  it('renders nothing for a signed-in user, nor when the render gives nothing', async () => {
    const prerender = fakePrerender();
    const hints = createPageHints({ remotesConfig, origin: ORIGIN, prerender, ...fakeFetch() });
    const signedIn = await hints.page(SHELL_TEMPLATE, '/browse', { visitor: false });
    assert.deepEqual(prerender.calls, []);
    assert.ok(signedIn.includes('<div id="root"></div>'));
    assert.ok(signedIn.includes('<script defer="defer" src="/main.js"></script>'));
    assert.ok(
      signedIn.includes(`<link rel="preload" href="${MARKETPLACE}/12.abcdef12.css" as="style">`),
    );

    const empty = fakePrerender(false);
    const hints2 = createPageHints({
      remotesConfig,
      origin: ORIGIN,
      prerender: empty,
      ...fakeFetch(),
    });
    const html = await hints2.page(SHELL_TEMPLATE, '/browse', { visitor: true });
    assert.equal(empty.calls.length, 1);
    assert.ok(html.includes('<div id="root"></div>'));
    assert.ok(!html.includes('gs-prerender') && !html.includes('after-paint.js'));
    assert.ok(
      html.includes(`<link rel="preload" href="${MARKETPLACE}/remoteEntry.js" as="script">`),
    );
  });

  it('renders nothing for a remote that publishes no server render', async () => {
    files[`${ORIGIN}/account/routes.json`] = { routes: ['/login', '/settings'], pages: {} };
    const prerender = fakePrerender();
    const hints = createPageHints({ remotesConfig, origin: ORIGIN, prerender, ...fakeFetch() });
    await hints.page(SHELL_TEMPLATE, '/login', { visitor: true });
    assert.deepEqual(prerender.calls, []);
  });
});
