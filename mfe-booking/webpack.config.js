const { createConfig } = require('../webpack.federation.cjs');

module.exports = createConfig({
  dir: __dirname,
  routes: './src/routes.tsx',
  name: 'mfe_booking',
  port: 3002,
  title: 'Guestspot · Bookings (standalone)',
  exposes: { './routes': './src/exposes/routes.ts', './widgets': './src/exposes/widgets.tsx' },
});
