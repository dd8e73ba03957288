// The one webpack configuration of the shell and the four remotes: each app calls
// createConfig() with what differs (name, port, what it exposes). Shared build configuration,
// like tsconfig.base.json, so no app copies another's.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
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
    'react-router-dom': singleton('react-router-dom'),
    zustand: singleton('zustand'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    // shared-ui's Formik-bound fields read the form context: one Formik for every app.
    formik: singleton('formik'),
    '@guestspot/shared-ui': workspace('@guestspot/shared-ui'),
    // The Formik-bound fields, apart from the root so that pages without a form skip Formik.
    '@guestspot/shared-ui/forms': workspace('@guestspot/shared-ui'),
    '@guestspot/shared-api': workspace('@guestspot/shared-api'),
  };
}

/**
 * @param {object} app
 * @param {string} app.dir        the app's folder (__dirname of its webpack.config.js)
 * @param {string} app.name       federation name: 'shell' or 'mfe_booking', ...
 * @param {number} app.port       dev-server port (127.0.0.1)
 * @param {string} app.title      page title of the standalone page
 * @param {Record<string,string>} [app.exposes]  what a remote exposes to the shell
 * @param {(compiler: import('webpack').Compiler) => void} [app.emit]  extra assets to emit
 */
function createConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const refresh = !production && process.env.NO_REFRESH !== '1';
    const plugins = [
      new ModuleFederationPlugin({
        name: app.name,
        ...(app.exposes ? { filename: 'remoteEntry.js', exposes: app.exposes } : {}),
        remotes: {},
        shared: sharedModules(),
        shareStrategy: 'loaded-first',
        manifest: Boolean(app.exposes),
        dts: false,
      }),
      new HtmlWebpackPlugin({
        // Absolute script URLs: a deep link such as /bookings/12/activity must load /main.js.
        publicPath: '/',
        template: path.join(__dirname, 'shell', 'public', 'index.html'),
        title: app.title,
        favicon: path.join(__dirname, 'shell', 'public', 'favicon.svg'),
      }),
    ];
    if (app.emit) plugins.push({ apply: app.emit });
    if (refresh) {
      const ReactRefreshPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
      plugins.push(new ReactRefreshPlugin({ overlay: false }));
    }
    return {
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
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
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
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
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
  };
}

module.exports = { createConfig, sharedModules };
