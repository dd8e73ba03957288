const { createConfig } = require('../webpack.federation.cjs');

module.exports = createConfig({
  dir: __dirname,
  routes: './src/routes.tsx',
  serverRender: './src/server-render.ts',
  name: 'mfe_marketplace',
  port: 3001,
  title: 'Guestspot · Marketplace (standalone)',
  exposes: { './routes': './src/exposes/routes.ts', './widgets': './src/exposes/widgets.tsx' },
});
