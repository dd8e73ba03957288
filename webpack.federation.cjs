// The one webpack configuration of the shell and the four remotes: each app calls
// createConfig() with what differs (name, port, what it exposes). Shared build configuration,
// like tsconfig.base.json, so no app copies another's.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const zlib = require('node:zlib');
const TerserPlugin = require('terser-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { DefinePlugin, optimize } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const API_URL = process.env.API_URL || 'http://127.0.0.1:4000';

/**
 * The dev server's /api proxy says who its client is (decision 064): the API believes
 * X-Forwarded-For from loopback, so the client's own forwarding headers are replaced, never
 * passed on or appended to.
 */
function forwardClientAddress(proxyReq, req) {
  for (const name of proxyReq.getHeaderNames()) {
    if (/^(forwarded|x-real-ip|x-forwarded-.*)$/i.test(name)) proxyReq.removeHeader(name);
  }
  if (req.socket.remoteAddress) proxyReq.setHeader('x-forwarded-for', req.socket.remoteAddress);
  proxyReq.setHeader('x-forwarded-proto', req.socket.encrypted ? 'https' : 'http');
  if (req.headers.host) proxyReq.setHeader('x-forwarded-host', req.headers.host);
}

/** Singletons every app shares: one React, one router, one session store, one query cache. */
function sharedModules() {
  const version = (pkg) => require(`${pkg}/package.json`).version;
  const singleton = (pkg) => ({ singleton: true, requiredVersion: `^${version(pkg)}` });
  const workspace = (pkg) => ({
    singleton: true,
    requiredVersion: require(path.join(__dirname, pkg.replace('@guestspot/', ''), 'package.json'))
      .version,
  });
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    // The library part of React Router (federation-react-router.mjs, aliased below), shared under
    // the package's own name and version.
    'react-router-dom': {
      ...singleton('react-router-dom'),
      version: version('react-router-dom'),
    },
    zustand: singleton('zustand'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    // shared-ui's Formik-bound fields read the form context: one Formik for every app.
    formik: singleton('formik'),
    '@guestspot/shared-ui': workspace('@guestspot/shared-ui'),
    // The Formik-bound fields, apart from the root so that pages without a form skip Formik.
    '@guestspot/shared-ui/forms': workspace('@guestspot/shared-ui'),
    // The card field and the picture upload, apart from the root for the same reason
    // (decision 079). (shared-ui/standalone, a remote's page alone, is not shared: no shell.)
    '@guestspot/shared-ui/card-field': workspace('@guestspot/shared-ui'),
    '@guestspot/shared-ui/image-upload': workspace('@guestspot/shared-ui'),
    // The video/audio recorder (MINIVIEW, the booking pitch), apart from the root likewise.
    '@guestspot/shared-ui/recorder': workspace('@guestspot/shared-ui'),
    '@guestspot/shared-api': workspace('@guestspot/shared-api'),
  };
}

/**
 * A remote publishes the paths it serves (decision 070): `routes.json` beside `mf-manifest.json`,
 * read from its own `src/routes.tsx` at build time, so that the shell never copies them. The file
 * is evaluated in a child node process (this file run as a script, below) with TypeScript
 * compiled by swc and styles and images ignored; what it exports as `routes` is flattened into
 * absolute path patterns. For a page made with shared-ui's `lazyPage`, the child also records
 * which module routes.tsx imports for it (`pages`: pattern → import requests), so that the build
 * can say which chunks serve each path (decision 075).
 * @param {string} routesFile
 * @returns {Promise<{ patterns: string[], pages: Record<string, string[]> }>}
 */
function readRoutePatterns(routesFile) {
  // A routes module that ended up loading a webpack config must not start children for good.
  if (process.env.GUESTSPOT_READING_ROUTES) {
    throw new Error(`${routesFile}: reading routes from a process that reads routes.`);
  }
  const { execFile } = require('node:child_process');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [__filename, '--route-patterns', routesFile],
      childOptions(),
      (error, stdout, stderr) => {
        if (error) reject(new Error(`Reading the routes of ${routesFile} failed:\n${stderr}`));
        else resolve(JSON.parse(stdout)[0]);
      },
    );
  });
}

function childOptions() {
  return {
    maxBuffer: 1 << 20,
    timeout: 120_000,
    env: { ...process.env, GUESTSPOT_READING_ROUTES: '1' },
  };
}

/** [absolute path pattern, route] of React Router route objects (children joined as the router does). */
function routeEntries(routes, parent = '') {
  return routes.flatMap((route) => {
    const own = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    const children = routeEntries(route.children ?? [], own);
    return own && route.path ? [[own, route], ...children] : children;
  });
}

/** Absolute path patterns of React Router route objects (children included, as the router joins them). */
function routePatterns(routes, parent = '') {
  return routeEntries(routes, parent).map(([pattern]) => pattern);
}

/** A chunk's JavaScript and CSS files (not its source maps or precompressed copies). */
function assetFiles(chunk) {
  return [...chunk.files].filter((file) => /\.(js|css)$/.test(file));
}

/**
 * The files that serve each lazy page: for every `import()` in routes.tsx, the chunks of its
 * chunk group (JavaScript and CSS), by the pattern of the route that renders the page.
 * @param {import('webpack').Compilation} compilation
 * @param {string} routesFile
 * @param {Record<string, string[]>} pages  pattern → requests that routes.tsx imports for it
 */
function pageAssets(compilation, routesFile, pages) {
  // Each import() is the origin of a chunk group; routes.tsx may sit inside a concatenated module.
  const isRoutesModule = (module) =>
    module?.resource === routesFile ||
    [...(module?.modules ?? [])].some((inner) => inner.resource === routesFile);
  /** @type {Map<string, string[]>} */
  const byRequest = new Map();
  for (const group of compilation.chunkGroups) {
    for (const origin of group.origins) {
      if (!origin.request || !isRoutesModule(origin.module)) continue;
      byRequest.set(origin.request, group.chunks.flatMap(assetFiles));
    }
  }
  return Object.fromEntries(
    Object.entries(pages)
      .map(([pattern, requests]) => [
        pattern,
        [...new Set(requests.flatMap((request) => byRequest.get(request) ?? []))].sort(),
      ])
      .filter(([, files]) => files.length > 0),
  );
}

/**
 * Emits `routes.json` ({ routes: [...patterns], pages: { pattern: [...files] }, render? }) with
 * the remote's build; `render` names its server render (built first) with its content hash.
 * @param {string} routesFile
 * @param {string | null} renderFile  dist/server/render.cjs, when the remote has one
 */
function emitRouteList(routesFile, renderFile) {
  return (compiler) => {
    const { sources, Compilation } = compiler.webpack;
    /** @type {Promise<string[]> | null} */
    let cached = null;
    compiler.hooks.thisCompilation.tap('RouteList', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'RouteList', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          // In watch mode, read again only when routes.tsx itself changed (a read takes ~2 s).
          if (!cached || !compiler.modifiedFiles || compiler.modifiedFiles.has(routesFile)) {
            const reading = readRoutePatterns(routesFile);
            cached = reading;
            reading.catch(() => {
              if (cached === reading) cached = null; // a failed read is tried again next time
            });
          }
          const { patterns, pages } = await cached;
          // `routes`: the paths this remote serves (the shell's route table); `pages`: the files
          // each path's page needs beyond the './routes' expose, which the site's server preloads.
          const published = {
            routes: patterns,
            pages: pageAssets(compilation, routesFile, pages),
            ...(renderFile ? { render: versioned(renderFile) } : {}),
          };
          compilation.emitAsset(
            'routes.json',
            new sources.RawSource(`${JSON.stringify(published, null, 2)}\n`),
          );
        },
      );
    });
  };
}

/** `server/render.cjs?v=<content hash>`: the server render's URL relative to the manifest. */
function versioned(renderFile) {
  const hash = require('node:crypto')
    .createHash('sha256')
    .update(fs.readFileSync(renderFile))
    .digest('hex')
    .slice(0, 12);
  return `${path
    .relative(path.dirname(path.dirname(renderFile)), renderFile)
    .split(path.sep)
    .join('/')}?v=${hash}`;
}

/**
 * The shell's fallback for a remote that cannot say its routes at start (it is down): the
 * remotes' route lists as they were when the shell was built, so that their paths still say
 * "unavailable" with Retry instead of "not found". A remote's own routes.json always wins.
 * @param {Record<string, string>} routesFiles  remote name → its src/routes.tsx
 */
function routeSnapshot(routesFiles) {
  const { execFileSync } = require('node:child_process');
  const names = Object.keys(routesFiles);
  try {
    const lists = JSON.parse(
      execFileSync(
        process.execPath,
        [__filename, '--route-patterns', ...Object.values(routesFiles)],
        { ...childOptions(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    );
    return Object.fromEntries(names.map((name, i) => [name, lists[i].patterns]));
  } catch (error) {
    // Only a fallback: the remote's own build reports the error; the shell still builds.
    console.warn(
      `The remotes' route lists could not be read for the shell's fallback:\n${error.stderr ?? error}`,
    );
    return {};
  }
}

/**
 * The JavaScript and CSS files of chunk groups, with the chunk groups of the shared libraries
 * their code consumes: the app's own copy, which is what loads when no other app has loaded that
 * library yet. That copy is the one the app provides to the share scope (its ProvideSharedModule's
 * chunk), which is what the federation runtime loads; the ConsumeSharedModule's fallback is the
 * same code in a chunk of another id, fetched only when the app provides no copy. Preloading the
 * fallback made the browser download both. Lazy imports are not followed.
 * @param {import('webpack').Compilation} compilation
 * @param {Iterable<import('webpack').ChunkGroup | undefined>} roots
 */
function chunkGroupFiles(compilation, roots) {
  const { chunkGraph } = compilation;
  /** shareScope/shareKey → the app's own provided copy */
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name !== 'ProvideSharedModule') continue;
    provided.set(`${module._shareScope}/${module._name}`, module);
  }
  const groups = new Set();
  const files = new Set();
  const visit = (group) => {
    if (!group || groups.has(group)) return;
    groups.add(group);
    for (const chunk of group.chunks) {
      for (const file of assetFiles(chunk)) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.constructor.name !== 'ConsumeSharedModule') continue;
        const { shareScope, shareKey } = module.options;
        const source = provided.get(`${shareScope}/${shareKey}`) ?? module;
        for (const block of source.blocks) visit(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  for (const group of roots) visit(group);
  return [...files].sort();
}

/**
 * The files an app needs to start (its `import('./bootstrap')` and the shared libraries that
 * code consumes, such as react-dom and the router), which the browser would otherwise only find
 * one after another as each script runs: listed in index.html's head as preloads (JavaScript)
 * and stylesheets (CSS, with `data-href` so that the CSS loader sees them as loaded). A page's
 * own chunks and the libraries only some pages use (Formik) are not among them.
 * @param {import('webpack').Compiler} compiler
 */
function preloadStartupFiles(compiler) {
  compiler.hooks.thisCompilation.tap('StartupPreloads', (compilation) => {
    HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloads', (data) => {
      const { chunkGraph } = compilation;
      const roots = [];
      const entry = compilation.entrypoints.get('main');
      for (const chunk of entry?.chunks ?? []) {
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
          if (!module.resource?.startsWith(path.join(compiler.context, 'src'))) continue;
          for (const block of module.blocks) roots.push(chunkGraph.getBlockChunkGroup(block));
        }
      }
      const files = chunkGroupFiles(compilation, roots);
      const publicPath = '/';
      const tags = files.flatMap((file) => {
        if (file.endsWith('.css')) {
          return [
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'stylesheet',
              href: `${publicPath}${file}`,
              'data-href': file,
            }),
          ];
        }
        if (!file.endsWith('.js')) return [];
        return [
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: `${publicPath}${file}`,
          }),
        ];
      });
      data.headTags.push(...tags);
      return data;
    });
  });
}

/**
 * react-router 7 maps every export condition to its development build (upstream issues #12532,
 * #14102); production builds of every app point at `dist/production` so that the shared
 * singleton is the production build wherever it is loaded from (decision 075).
 */
function productionRouter() {
  const dir = path.dirname(require.resolve('react-router/package.json'));
  return {
    'react-router$': path.join(dir, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(dir, 'dist', 'production', 'dom-export.mjs'),
  };
}

/**
 * Precompressed copies of the text assets (`.br`, `.gz`) beside each file, which the site's
 * servers send to browsers that accept them (@fastify/static `preCompressed`).
 */
function precompress() {
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({
      test,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      threshold: 1024,
    }),
    new CompressionPlugin({
      test,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      threshold: 1024,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/** The swc rule of every build: TypeScript and JSX, for the browser or for Node.js. */
function swcRule({ production, refresh }) {
  return {
    test: /\.(t|j)sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic', development: !production, refresh } },
        },
      },
    },
  };
}

/**
 * The build-time constants of an app, the same in its browser and server builds (worked out
 * once: the shell's route snapshot runs a child process).
 */
function buildConstants(app) {
  return {
    // A route that only e2e/tests/remote-routes.spec.ts builds in (mfe-miniview), to show that a
    // remote's new route needs no shell change. Empty in every other build.
    __GUESTSPOT_E2E_EXTRA_ROUTE__: JSON.stringify(process.env.GUESTSPOT_E2E_EXTRA_ROUTE ?? ''),
    __GUESTSPOT_ROUTE_SNAPSHOT__: JSON.stringify(
      app.routeSnapshot
        ? routeSnapshot(
            Object.fromEntries(
              Object.entries(app.routeSnapshot).map(([name, file]) => [
                name,
                path.join(app.dir, file),
              ]),
            ),
          )
        : {},
    ),
  };
}

/** How every build resolves modules: the library-only shared router, production router builds. */
function resolveOptions(production) {
  return {
    extensions: ['.tsx', '.ts', '.js', '.mjs'],
    alias: {
      'react-router-dom$': path.join(__dirname, 'federation-react-router.mjs'),
      ...(production ? productionRouter() : {}),
    },
  };
}

/** Where an app's server render is written: dist/server/render.cjs. */
const SERVER_RENDER_FILE = path.join('server', 'render.cjs');

/**
 * An app's server render (decision 077): its `src/server-render.tsx` as one self-contained
 * Node.js file (CommonJS, every dependency inside, lazy pages included, styles left out), which
 * the site's server loads to render a visitor's first page. Built before the browser build, which
 * names it in routes.json (`render`, with its content hash) so that a redeploy is followed.
 */
function serverRenderConfig(app, constants) {
  return {
    name: `${app.name}-server`,
    mode: 'production',
    target: 'node20',
    context: app.dir,
    entry: { render: app.serverRender },
    devtool: false,
    output: {
      path: path.join(app.dir, 'dist', path.dirname(SERVER_RENDER_FILE)),
      filename: path.basename(SERVER_RENDER_FILE),
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: resolveOptions(true),
    module: {
      rules: [
        swcRule({ production: true, refresh: false }),
        { test: /\.css$/, type: 'asset/source' },
        {
          test: /\.(svg|png|jpe?g|gif|webp)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    plugins: [new optimize.LimitChunkCountPlugin({ maxChunks: 1 }), new DefinePlugin(constants)],
    stats: 'errors-warnings',
  };
}

/** A remote's copy of the site's federation runtime, for its standalone page (decision 079). */
const RUNTIME_FILE = 'federation-runtime.js';
/** The federation runtime plugin that gives the remotes the shell's runtime (ES module build). */
const PROVIDE_RUNTIME_PLUGIN = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/**
 * The federation runtime the shell provides to the remotes on the site, built for a remote's
 * standalone page (its own origin, no shell): a compilation of its own, without the federation
 * plugin, into dist/federation-runtime.js.
 */
function runtimeProviderConfig(app) {
  return {
    name: `${app.name}-runtime`,
    mode: 'production',
    target: 'web',
    context: app.dir,
    entry: { runtime: path.join(__dirname, RUNTIME_FILE) },
    devtool: false,
    output: { path: path.join(app.dir, 'dist'), filename: RUNTIME_FILE, clean: false },
    resolve: resolveOptions(true),
    module: { rules: [swcRule({ production: true, refresh: false })] },
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
    },
    performance: { hints: false },
    plugins: [new DefinePlugin({ ENV_TARGET: JSON.stringify('web') }), ...precompress()],
    stats: 'errors-warnings',
  };
}

/**
 * A remote's standalone index.html runs the federation runtime (runtimeProviderConfig) before
 * its own scripts, which use it as the shell's page would provide it.
 * @param {import('webpack').Compiler} compiler
 */
function loadRuntimeFirst(compiler) {
  compiler.hooks.thisCompilation.tap('RuntimeFirst', (compilation) => {
    HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('RuntimeFirst', (data) => {
      data.headTags.unshift(
        HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, src: `/${RUNTIME_FILE}` }),
      );
      return data;
    });
  });
}

/**
 * @param {object} app
 * @param {string} app.dir        the app's folder (__dirname of its webpack.config.js)
 * @param {string} app.name       federation name: 'shell' or 'mfe_booking', ...
 * @param {number} app.port       dev-server port (127.0.0.1)
 * @param {string} app.title      page title of the standalone page
 * @param {Record<string,string>} [app.exposes]  what a remote exposes to the shell
 * @param {(compiler: import('webpack').Compiler) => void} [app.emit]  extra assets to emit
 * @param {string} [app.routes]   a remote's route table (src/routes.tsx): published as routes.json
 * @param {Record<string,string>} [app.routeSnapshot]  the shell's fallback route lists (see routeSnapshot)
 * @param {string} [app.serverRender]  src/server-render.tsx: the app's server render (decision 077)
 */
function createConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const refresh = !production && process.env.NO_REFRESH !== '1';
    const remote = Boolean(app.exposes);
    const plugins = [
      new ModuleFederationPlugin({
        name: app.name,
        ...(remote ? { filename: 'remoteEntry.js', exposes: app.exposes } : {}),
        remotes: {},
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        manifest: remote,
        dts: false,
        // Browser-only builds: the runtime's Node.js code paths are left out. One federation
        // runtime for the site in production (decision 079): the shell provides it, the remotes
        // use the shell's; a remote's standalone page loads it first (runtimeProviderConfig).
        experiments: {
          optimization: { target: 'web' },
          ...(production && remote && { externalRuntime: true }),
        },
        // The shell's side of that: experiments.provideExternalRuntime, but with the plugin's
        // ES module build (the option adds its CommonJS build, which brings a second copy of the
        // runtime's CommonJS build into main.js: +17 KiB gzip).
        ...(production && !remote && { runtimePlugins: [PROVIDE_RUNTIME_PLUGIN] }),
      }),
      new HtmlWebpackPlugin({
        // Absolute script URLs: a deep link such as /bookings/12/activity must load /main.js.
        publicPath: '/',
        template: path.join(__dirname, 'shell', 'public', 'index.html'),
        title: app.title,
        favicon: path.join(__dirname, 'shell', 'public', 'favicon.svg'),
      }),
    ];
    if (production) plugins.push({ apply: preloadStartupFiles });
    if (production && remote) plugins.push({ apply: loadRuntimeFirst });
    if (app.emit) plugins.push({ apply: app.emit });
    const serverRender = production && app.serverRender;
    if (app.routes) {
      plugins.push({
        apply: emitRouteList(
          path.join(app.dir, app.routes),
          serverRender ? path.join(app.dir, 'dist', SERVER_RENDER_FILE) : null,
        ),
      });
    }
    const constants = buildConstants(app);
    plugins.push(new DefinePlugin(constants));
    if (production) {
      plugins.push(
        new MiniCssExtractPlugin({
          filename: '[name].[contenthash:8].css',
          chunkFilename: '[name].[contenthash:8].css',
        }),
        ...precompress(),
      );
    }
    if (refresh) {
      const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
      plugins.push(new ReactRefreshPlugin({ overlay: false }));
    }
    const browser = {
      name: app.name,
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(app.dir, 'dist'),
        // A content hash in the entry name breaks the federation runtime (TOOLCHAIN.md).
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        publicPath: 'auto',
        uniqueName: app.name,
        // A remote's chunk that does not arrive fails after 10 s (ChunkLoadError), not webpack's
        // 120 s: REMOTE_LOAD_TIMEOUT_MS, shell/src/federation/resilience-plugin.ts (decision 067).
        ...(app.exposes ? { chunkLoadTimeout: 10_000 } : {}),
        // What the other compilers build beside it (built first) is not the browser build's to
        // clean: the server render, a remote's runtime for its standalone page.
        clean: production
          ? { keep: (file) => file.startsWith('server') || file.startsWith(RUNTIME_FILE) }
          : true,
      },
      resolve: resolveOptions(production),
      module: {
        rules: [
          swcRule({ production, refresh }),
          // Real CSS files in production, loaded with their chunk (no styles in JavaScript);
          // postcss.config.cjs turns the breakpoint names into media queries.
          {
            test: /\.css$/,
            use: [
              production ? MiniCssExtractPlugin.loader : 'style-loader',
              { loader: 'css-loader', options: { importLoaders: 1 } },
              'postcss-loader',
            ],
          },
          { test: /\.(svg|png|jpe?g|gif|webp)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      plugins,
      devServer: {
        host: '127.0.0.1',
        port: app.port,
        hot: true,
        historyApiFallback: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          // No script policy in development (eval source maps and React Fast Refresh need eval);
          // the production servers send the full one (decision 068). Framing is refused here too.
          'Content-Security-Policy': "frame-ancestors 'none'",
          'X-Frame-Options': 'DENY',
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'strict-origin-when-cross-origin',
        },
        client: { overlay: false },
        proxy: [
          {
            context: ['/api', '/sanctum'],
            target: API_URL,
            changeOrigin: false,
            onProxyReq: forwardClientAddress,
          },
        ],
        static: fs.existsSync(path.join(app.dir, 'public'))
          ? { directory: path.join(app.dir, 'public'), watch: false }
          : false,
      },
      stats: 'errors-warnings',
    };
    const before = [
      ...(serverRender ? [serverRenderConfig(app, constants)] : []),
      ...(production && remote ? [runtimeProviderConfig(app)] : []),
    ];
    if (before.length === 0) return browser;
    return [...before, { ...browser, dependencies: before.map((config) => config.name) }];
  };
}

module.exports = { createConfig, sharedModules, routePatterns };

// `node webpack.federation.cjs --route-patterns <routes.tsx>...` prints each file's route patterns
// as JSON (readRoutePatterns runs it in a child process, so that these require hooks stay there).
if (require.main === module && process.argv[2] === '--route-patterns') {
  const Module = require('node:module');
  const { transformSync } = require('@swc/core');
  const compile = (module, filename) => {
    const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      swcrc: false,
      configFile: false,
      module: { type: 'commonjs' },
      jsc: {
        parser: { syntax: 'typescript', tsx: filename.endsWith('.tsx') },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
    });
    module._compile(code, filename);
  };
  Module._extensions['.ts'] = compile;
  Module._extensions['.tsx'] = compile;
  for (const ext of ['.css', '.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp']) {
    Module._extensions[ext] = () => undefined;
  }
  globalThis.__GUESTSPOT_E2E_EXTRA_ROUTE__ = process.env.GUESTSPOT_E2E_EXTRA_ROUTE ?? '';

  /**
   * What routes.tsx itself asks for while a lazy page's preload() runs: its `import()` requests,
   * recorded and answered with an empty module (the page's code is never run here).
   */
  const importsOf = async (routesFile, preload) => {
    const requests = [];
    const require = Module.prototype.require;
    Module.prototype.require = function recordImport(request) {
      if (this.filename !== routesFile) return require.call(this, request);
      requests.push(request);
      return {};
    };
    try {
      await preload();
    } catch {
      // A page that is not one of lazyPage's: nothing to preload.
    } finally {
      Module.prototype.require = require;
    }
    return requests;
  };

  const read = async (file) => {
    const routesFile = path.resolve(file);
    const { routes } = require(routesFile);
    if (!Array.isArray(routes)) throw new Error(`${file} exports no routes array.`);
    const entries = routeEntries(routes);
    /** One element type may serve several paths; its preload() runs once. */
    const seen = new Map();
    const pages = {};
    for (const [pattern, route] of entries) {
      const preload = route.element?.type?.preload;
      if (typeof preload !== 'function') continue;
      if (!seen.has(preload)) seen.set(preload, importsOf(routesFile, preload));
      const requests = await seen.get(preload);
      if (requests.length) pages[pattern] = requests;
    }
    return { patterns: [...new Set(entries.map(([pattern]) => pattern))], pages };
  };

  (async () => {
    const lists = [];
    for (const file of process.argv.slice(3)) lists.push(await read(file));
    process.stdout.write(JSON.stringify(lists));
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
