const { createConfig } = require('../webpack.federation.cjs');

module.exports = createConfig({
  dir: __dirname,
  routes: './src/routes.tsx',
  name: 'mfe_miniview',
  port: 3004,
  title: 'Guestspot · MINIVIEW (standalone)',
  exposes: { './routes': './src/exposes/routes.ts', './banner': './src/exposes/banner.tsx' },
});
