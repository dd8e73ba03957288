const fs = require('node:fs');
const path = require('node:path');
const { createConfig } = require('../webpack.federation.cjs');

// remotes.json is read by the shell at start, not bundled: it ships next to index.html so that a
// deploy can point a remote at a new URL without rebuilding the shell.
function emitRemotesConfig(compiler) {
  const { sources } = compiler.webpack;
  compiler.hooks.thisCompilation.tap('RemotesConfig', (compilation) => {
    compilation.hooks.processAssets.tap(
      {
        name: 'RemotesConfig',
        stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
      },
      () => {
        const file = path.join(__dirname, 'public', 'remotes.json');
        compilation.fileDependencies.add(file);
        compilation.emitAsset('remotes.json', new sources.RawSource(fs.readFileSync(file)));
      },
    );
  });
}

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  title: 'Guestspot — guest booking marketplace',
  emit: emitRemotesConfig,
  // Only for a remote that cannot publish its routes.json at start (decision 070).
  routeSnapshot: {
    mfe_marketplace: '../mfe-marketplace/src/routes.tsx',
    mfe_booking: '../mfe-booking/src/routes.tsx',
    mfe_account: '../mfe-account/src/routes.tsx',
    mfe_miniview: '../mfe-miniview/src/routes.tsx',
  },
});
