import { createInstance } from '@module-federation/enhanced/runtime';
import { delay, http, HttpResponse } from 'msw';
import { server, setupMswServer } from '@guestspot/shared-api/testing';
import { isUnavailableRemote, REMOTE_LOAD_TIMEOUT_MS, resiliencePlugin } from './resilience-plugin';

setupMswServer();

/** A new origin for each test: the runtime keeps what it learnt of a manifest for the page's life. */
let origin = '';
let tests = 0;
const manifestUrl = () => `${origin}/mf-manifest.json`;
const entryScript = () => document.querySelector(`script[src="${origin}/remoteEntry.js"]`);

/** The smallest manifest the runtime accepts: a remote with its entry next to the manifest. */
const manifest = {
  id: 'mfe_booking',
  name: 'mfe_booking',
  metaData: {
    name: 'mfe_booking',
    type: 'app',
    buildInfo: { buildVersion: '0.1.0', buildName: '@guestspot/mfe-booking' },
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    types: { path: '', name: '', zip: '', api: '' },
    globalName: 'mfe_booking',
    pluginVersion: '2.9.2',
    publicPath: 'auto',
  },
  shared: [],
  remotes: [],
  exposes: [],
};

/** A federation host with the shell's plugin and mfe-booking registered at manifestUrl(). */
function host() {
  return createInstance({
    name: `host_${tests}`,
    remotes: [{ name: 'mfe_booking', entry: manifestUrl() }],
    shared: {},
    shareStrategy: 'loaded-first',
    plugins: [resiliencePlugin()],
  });
}

/** Starts loading mfe_booking/widgets; `settled()` says whether it has finished yet. */
function startLoading() {
  let done = false;
  const loading = host()
    .loadRemote('mfe_booking/widgets')
    .finally(() => {
      done = true;
    });
  return { loading, settled: () => done };
}

beforeEach(() => {
  tests += 1;
  origin = `http://remote-${tests}.test`;
  // MSW settles an aborted request on a microtask: only the clocks are fake.
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('resiliencePlugin', () => {
  it('gives up on a manifest that never answers after REMOTE_LOAD_TIMEOUT_MS: the remote is unavailable', async () => {
    let requests = 0;
    server.use(
      http.get(manifestUrl(), async () => {
        requests += 1;
        await delay('infinite');
      }),
    );
    const { loading, settled } = startLoading();

    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1);
    expect(settled()).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(settled()).toBe(true);
    const result = await loading;
    expect(isUnavailableRemote(result)).toBe(true);
    expect(String(isUnavailableRemote(result) && result.error)).toMatch(/did not answer/);
    expect(requests).toBe(1);
  });

  it('gives up on an entry script that never arrives after REMOTE_LOAD_TIMEOUT_MS', async () => {
    // jsdom never loads a script, as a server that accepts the connection and stays silent.
    server.use(http.get(manifestUrl(), () => HttpResponse.json(manifest)));
    const { loading, settled } = startLoading();

    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1);
    expect(settled()).toBe(false);
    expect(entryScript()).not.toBe(null);
    await jest.advanceTimersByTimeAsync(1);
    expect(settled()).toBe(true);
    const result = await loading;
    expect(isUnavailableRemote(result)).toBe(true);
    expect(String(isUnavailableRemote(result) && result.error)).toMatch(/timed out/);
    expect(entryScript()).toBe(null);
  });

  it('tries a manifest that failed at once (a network blip) once more, then goes on to the entry', async () => {
    let requests = 0;
    server.use(
      http.get(manifestUrl(), () => {
        requests += 1;
        return requests === 1 ? HttpResponse.error() : HttpResponse.json(manifest);
      }),
    );
    const { settled } = startLoading();

    await jest.advanceTimersByTimeAsync(500);
    expect(requests).toBe(2);
    expect(settled()).toBe(false);
    expect(entryScript()).not.toBe(null);
    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    expect(settled()).toBe(true);
  });

  it('keeps the attributes the runtime gives the entry script', () => {
    const hook = resiliencePlugin().createScript;
    const result = hook?.({ url: 'http://x/remoteEntry.js', attrs: { fetchpriority: 'high' } });
    expect(result).toEqual({ script: expect.any(HTMLScriptElement), timeout: 10_000 });
    const { script } = result as { script: HTMLScriptElement };
    expect(script.getAttribute('fetchpriority')).toBe('high');
  });
});
