import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * How long a remote's manifest or entry script may take before its area says it is unavailable:
 * a server that accepts the connection and never answers then fails like one that refuses it
 * (decision 067). The remotes' own chunks use the same limit (webpack.federation.cjs).
 */
export const REMOTE_LOAD_TIMEOUT_MS = 10_000;
const RETRY_DELAY_MS = 500;

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
 * A remote that is down or never answers must not take the site down: its manifest and entry
 * script get a deadline, and instead of letting the runtime throw from deep inside webpack's chunk
 * loading, a failed load answers with a marker module; the remote's area then shows its error
 * state with Retry while the header, sidebar and other remotes keep working.
 */
export function resiliencePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'guestspot-resilience',
    // The manifest. The deadline covers the body too; setTimeout rather than AbortSignal.timeout()
    // so that it runs on the same clock as the script timeout below (and tests can fake both).
    fetch(url, init) {
      const controller = new AbortController();
      setTimeout(() => {
        const message = `${url} did not answer within ${REMOTE_LOAD_TIMEOUT_MS} ms.`;
        controller.abort(new DOMException(message, 'TimeoutError'));
      }, REMOTE_LOAD_TIMEOUT_MS);
      const attempt = () => fetch(url, { ...init, signal: controller.signal });
      // A network blip (the first request to a remote's origin is the likeliest to meet one) is
      // tried once more, within the same deadline.
      return attempt().catch(async (error: unknown) => {
        if (controller.signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        return attempt();
      });
    },
    // The entry script: the script the runtime would create, with a shorter timeout than its 20 s.
    createScript({ attrs = {} }) {
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs)) script.setAttribute(name, String(value));
      return { script, timeout: REMOTE_LOAD_TIMEOUT_MS };
    },
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
