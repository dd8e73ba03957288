const { createConfig } = require('../webpack.federation.cjs');

module.exports = createConfig({
  dir: __dirname,
  routes: './src/routes.tsx',
  serverRender: './src/server-render.ts',
  name: 'mfe_account',
  port: 3003,
  title: 'Guestspot · Account (standalone)',
  exposes: {
    './routes': './src/exposes/routes.ts',
    './widgets': './src/exposes/widgets.tsx',
    './login-form': './src/exposes/login-form.tsx',
    './terms': './src/exposes/terms.tsx',
    './login-confirmation': './src/exposes/login-confirmation.tsx',
    './subscribe-dialog': './src/exposes/subscribe-dialog.tsx',
  },
});
