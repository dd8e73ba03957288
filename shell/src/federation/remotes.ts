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
 * Reads the runtime config served next to the shell (remotes.json) and registers every remote
 * with the federation runtime, and starts reading each remote's route list (routes.json). No other
 * file is fetched from a remote until a route or widget needs it (shareStrategy 'loaded-first').
 */
let pluginsRegistered = false;

export async function registerRemotesFromConfig(configUrl = '/remotes.json'): Promise<void> {
  if (!pluginsRegistered) {
    registerPlugins([resiliencePlugin()]);
    pluginsRegistered = true;
  }
  const response = await fetch(configUrl, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The remotes config ${configUrl} answered ${response.status}.`);
  const config = (await response.json()) as { remotes?: Record<string, string> };
  for (const [name, entry] of Object.entries(config.remotes ?? {})) {
    if (isRemoteName(name) && typeof entry === 'string') entries.set(name, entry);
  }
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
  // Each remote's routes.json, beside its manifest, says which paths it serves (decision 070).
  loadRouteLists(entries);
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
