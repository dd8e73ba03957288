import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What a failed remote module resolves to: a marker that loadRemoteModule turns into an error. */
export interface UnavailableRemote {
  __remoteUnavailable: true;
  id: string;
  error: unknown;
}

export function isUnavailableRemote(value: unknown): value is UnavailableRemote {
  return typeof value === 'object' && value !== null && '__remoteUnavailable' in value;
}

/**
 * A remote that is down must not take the site down: instead of letting the runtime throw from
 * deep inside webpack's chunk loading, answer with a marker module; the remote's area then shows
 * its error state with Retry while the header, sidebar and other remotes keep working.
 */
export function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'guestspot-resilience',
    async errorLoadRemote(args) {
      const { id, error, lifecycle } = args;
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[federation] ${id} could not be loaded`, error);
      const unavailable: UnavailableRemote = { __remoteUnavailable: true, id, error };
      // import() from the build expects a factory, runtime loadRemote the module itself.
      return args.from === 'build' ? () => unavailable : unavailable;
    },
  };
}
