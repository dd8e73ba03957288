const fs = require('node:fs');
const path = require('node:path');
const { createConfig } = require('../webpack.federation.cjs');

// Files of public/ shipped as they are beside index.html: remotes.json is read by the shell at
// start, not bundled, so that a deploy can point a remote at a new URL without rebuilding the
// shell; after-paint.js loads a server-rendered page's scripts after its first paint (077).
const PUBLIC_FILES = ['remotes.json', 'after-paint.js'];

function emitPublicFiles(compiler) {
  const { sources } = compiler.webpack;
  compiler.hooks.thisCompilation.tap('PublicFiles', (compilation) => {
    compilation.hooks.processAssets.tap(
      {
        name: 'PublicFiles',
        stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
      },
      () => {
        for (const name of PUBLIC_FILES) {
          const file = path.join(__dirname, 'public', name);
          compilation.fileDependencies.add(file);
          compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
        }
      },
    );
  });
}

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  title: 'Guestspot — guest booking marketplace',
  emit: emitPublicFiles,
  serverRender: './src/server-render.tsx',
  // Only for a remote that cannot publish its routes.json at start (decision 070).
  routeSnapshot: {
    mfe_marketplace: '../mfe-marketplace/src/routes.tsx',
    mfe_booking: '../mfe-booking/src/routes.tsx',
    mfe_account: '../mfe-account/src/routes.tsx',
    mfe_miniview: '../mfe-miniview/src/routes.tsx',
  },
});
