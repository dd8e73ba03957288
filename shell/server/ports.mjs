// Where everything listens on one machine (all on 127.0.0.1); each can be moved by env.
export const ports = {
  api: Number(process.env.API_PORT ?? 4000),
  shell: Number(process.env.SHELL_PORT ?? 3000),
  mfe_marketplace: Number(process.env.MARKETPLACE_PORT ?? 3001),
  mfe_booking: Number(process.env.BOOKING_PORT ?? 3002),
  mfe_account: Number(process.env.ACCOUNT_PORT ?? 3003),
  mfe_miniview: Number(process.env.MINIVIEW_PORT ?? 3004),
};

export const remoteDirs = {
  mfe_marketplace: 'mfe-marketplace',
  mfe_booking: 'mfe-booking',
  mfe_account: 'mfe-account',
  mfe_miniview: 'mfe-miniview',
};

export const demoLogins = [
  ['standard@guestspot.test', 'standard account, no profiles'],
  ['pro@guestspot.test', 'PRO account with a guest profile and a show'],
  ['guest@guestspot.test', 'owns a guest profile'],
  ['show@guestspot.test', 'owns two shows'],
  ['agency@guestspot.test', 'agency team member of pro@'],
  ['admin@guestspot.test', 'admin'],
  ['pending@guestspot.test', 'email not verified yet'],
  ['terms@guestspot.test', 'has not accepted the Terms of Service yet'],
];
export const demoPassword = 'Password123';

export function remotesConfigFor(host = '127.0.0.1') {
  return {
    remotes: Object.fromEntries(
      Object.keys(remoteDirs).map((name) => [
        name,
        `http://${host}:${ports[name]}/mf-manifest.json`,
      ]),
    ),
  };
}
