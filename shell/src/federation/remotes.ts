import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRouteLists, reloadRouteList } from '../routing/route-lists';
import { resiliencePlugin } from './resilience-plugin';

export const remoteNames = [
  'mfe_marketplace',
  'mfe_booking',
  'mfe_account',
  'mfe_miniview',
] as const;
export type RemoteName = (typeof remoteNames)[number];

export const remoteLabels: Record<RemoteName, string> = {
  mfe_marketplace: 'Marketplace',
  mfe_booking: 'Bookings',
  mfe_account: 'Account',
  mfe_miniview: 'MINIVIEW',
};

/** Where each remote lives, as read from remotes.json at start. */
const entries = new Map<RemoteName, string>();

function isRemoteName(name: string): name is RemoteName {
  return (remoteNames as readonly string[]).includes(name);
}

/**
 * What the site's server wrote into the page (shell/server/page-hints.mjs, decision 075): the
 * remotes config and the route lists it read from the remotes, so that neither is fetched at
 * start. Absent when index.html is served as a plain file.
 */
interface BootConfig {
  remotes?: Record<string, string>;
  routes?: Record<string, unknown>;
}

export function readBootConfig(): BootConfig | null {
  const text = document.getElementById('gs-boot')?.textContent;
  if (!text) return null;
  try {
    const boot = JSON.parse(text) as BootConfig | null;
    return boot && typeof boot === 'object' ? boot : null;
  } catch {
    return null;
  }
}

/**
 * Reads the runtime config (inline in the page, else remotes.json served next to the shell) and
 * registers every remote with the federation runtime, and reads each remote's route list
 * (inline, else its routes.json). No other file is fetched from a remote until a route or widget
 * needs it (shareStrategy 'loaded-first').
 */
let pluginsRegistered = false;

export async function registerRemotesFromConfig(configUrl = '/remotes.json'): Promise<void> {
  if (!pluginsRegistered) {
    registerPlugins([resiliencePlugin()]);
    pluginsRegistered = true;
  }
  const boot = readBootConfig();
  let config: BootConfig;
  if (boot?.remotes) config = boot;
  else {
    const response = await fetch(configUrl, { cache: 'no-store' });
    if (!response.ok) {
      throw new Error(`The remotes config ${configUrl} answered ${response.status}.`);
    }
    config = (await response.json()) as BootConfig;
  }
  for (const [name, entry] of Object.entries(config.remotes ?? {})) {
    if (isRemoteName(name) && typeof entry === 'string') entries.set(name, entry);
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
  // Each remote's routes.json, beside its manifest, says which paths it serves (decision 070).
  loadRouteLists(entries, boot?.routes ?? {});
}

/** Forget a failed remote so that the next load fetches its manifest and entry again. */
export async function resetRemote(name: RemoteName): Promise<void> {
  const entry = entries.get(name);
  if (entry) {
    reloadRouteList(name, entry);
    registerRemotes([{ name, entry }], { force: true });
  }
  // remotes.json itself could not be read at start: read it again.
  else await registerRemotesFromConfig();
}

export function isRemoteConfigured(name: RemoteName): boolean {
  return entries.has(name);
}
