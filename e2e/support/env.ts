/**
 * The e2e-only ports (so that a developer's running site on 3000-3004/4000 does not clash), each
 * movable by the E2E_* variable. The servers read the app's own variables (shell/server/ports.mjs).
 */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const ports = {
  api: port('E2E_API_PORT', 4600),
  shell: port('E2E_SHELL_PORT', 3600),
  marketplace: port('E2E_MARKETPLACE_PORT', 3601),
  booking: port('E2E_BOOKING_PORT', 3602),
  account: port('E2E_ACCOUNT_PORT', 3603),
  miniview: port('E2E_MINIVIEW_PORT', 3604),
  control: port('E2E_CONTROL_PORT', 3609),
};

export const e2eEnv = {
  ports,
  baseURL: `http://127.0.0.1:${ports.shell}`,
  controlURL: `http://127.0.0.1:${ports.control}`,
  /** The remotes' origins, by federation name. */
  remoteOrigins: {
    mfe_marketplace: `http://127.0.0.1:${ports.marketplace}`,
    mfe_booking: `http://127.0.0.1:${ports.booking}`,
    mfe_account: `http://127.0.0.1:${ports.account}`,
    mfe_miniview: `http://127.0.0.1:${ports.miniview}`,
  },
  /** What the servers process gets: the variables shell/server/ports.mjs reads. */
  serverVariables: {
    API_PORT: String(ports.api),
    SHELL_PORT: String(ports.shell),
    MARKETPLACE_PORT: String(ports.marketplace),
    BOOKING_PORT: String(ports.booking),
    ACCOUNT_PORT: String(ports.account),
    MINIVIEW_PORT: String(ports.miniview),
    E2E_CONTROL_PORT: String(ports.control),
  },
} as const;

export type RemoteName = keyof typeof e2eEnv.remoteOrigins;
