#!/usr/bin/env node
// The e2e site: the API on a fresh temporary database (seeded with the demo data), the shell and
// the four remotes from their production builds, each on its own e2e-only 127.0.0.1 port, plus a
// small control server so that a test can stop, hang and start one remote's static server:
//   POST /remotes/<name>/stop    POST /remotes/<name>/hang    POST /remotes/<name>/start[?dist=dir]
//   GET /health
// (<name> is mfe-booking or mfe_booking). stop: the port refuses connections; hang: a TCP server
// on the port accepts them and never answers; start: the real server again (held connections are
// dropped). Ports come from the environment (shell/server/ports.mjs).
// E2E_SHELL_DIST=/some/dist serves another build of the shell, E2E_REMOTE_DIST_MFE_BOOKING=/some/dist
// another build of that remote (to try a change before it lands).
// Prints one line `E2E_SERVERS_READY {json}` once everything answers. Stops everything and deletes
// the database folder on SIGTERM/SIGINT or when its stdin closes (the test runner went away).
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ports, remoteDirs, remotesConfigFor } from '@guestspot/shell/server/ports.mjs';
import { serveDir } from '@guestspot/shell/server/serve-static.mjs';
import { serveRemote, serveShell, startApi, waitForUrl } from '@guestspot/shell/server/site.mjs';

const controlPort = Number(process.env.E2E_CONTROL_PORT ?? 3609);
const started = Date.now();
const log = (message) => console.error(`[e2e servers] ${message}`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'guestspot-e2e-'));
/** @type {import('node:child_process').ChildProcess | null} */
let api = null;
/** @type {Map<string, import('fastify').FastifyInstance>} */
const remotes = new Map();
/** Remotes that hang: a bare TCP server on the remote's port, and the connections it holds. */
/** @type {Map<string, { server: net.Server, sockets: Set<net.Socket> }>} */
const hanging = new Map();
let shell = null;
let control = null;
let stopping = null;

function remoteName(name) {
  const normalized = name.replace(/-/g, '_');
  return normalized in remoteDirs ? normalized : null;
}

/**
 * E2E_REMOTE_DIST_MFE_ACCOUNT=/some/dist (and so on) serves another build of that remote; so does
 * POST /remotes/<name>/start?dist=/some/dist, until the next stop.
 */
function serveRemoteBuild(name, dist) {
  const dir = dist || process.env[`E2E_REMOTE_DIST_${name.toUpperCase()}`] || undefined;
  // A stop drops the browser's connections at once, as a crash would.
  return serveRemote(name, { dir, forceCloseConnections: true });
}

async function startRemote(name, dist) {
  await stopHanging(name);
  if (dist) await stopRemote(name);
  if (!remotes.has(name)) remotes.set(name, await serveRemoteBuild(name, dist));
}

/**
 * Closes a remote's server as a crash would. Fastify drops the open connections once, before it
 * stops listening; a connection the browser opens in between would hold close() for the whole
 * keep-alive timeout (72 s; a CI run's teardown went past its 180 s), so the stragglers are
 * dropped again every second until the server has closed.
 */
async function closeNow(app) {
  const again = setInterval(() => app.server.closeAllConnections(), 1000);
  try {
    await app.close();
  } finally {
    clearInterval(again);
  }
}

async function stopRemote(name) {
  await stopHanging(name);
  const app = remotes.get(name);
  remotes.delete(name);
  if (app) await closeNow(app);
}

/** The remote's port accepts connections and never answers (a stuck server or proxy). */
async function hangRemote(name) {
  await stopRemote(name);
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // The browser gives up on its own (a reset when the real server comes back is expected).
    socket.on('error', () => undefined);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(ports[name], '127.0.0.1', () => resolve(undefined));
  });
  hanging.set(name, { server, sockets });
}

/** Ends a hang: drops every held connection (the browser sees them reset) and frees the port. */
async function stopHanging(name) {
  const hang = hanging.get(name);
  hanging.delete(name);
  if (!hang) return;
  const closed = new Promise((resolve) => hang.server.close(() => resolve(undefined)));
  for (const socket of hang.sockets) socket.destroy();
  await closed;
}

function apiExited() {
  return new Promise((resolve) => {
    if (!api || api.exitCode !== null || api.signalCode !== null) resolve();
    else api.once('exit', () => resolve());
  });
}

async function shutdown(reason) {
  stopping ??= (async () => {
    log(`stopping (${reason})`);
    await Promise.allSettled([
      ...[...new Set([...remotes.keys(), ...hanging.keys()])].map(stopRemote),
      shell?.close(),
      control ? new Promise((resolve) => control.close(resolve)) : undefined,
    ]);
    if (api && api.exitCode === null && api.signalCode === null) {
      api.kill('SIGTERM');
      const timer = setTimeout(() => api?.kill('SIGKILL'), 10_000);
      await apiExited();
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  })();
  await stopping;
}

function listenControl() {
  const server = http.createServer((request, response) => {
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/health') {
      return send(200, { ok: true, running: [...remotes.keys()], hanging: [...hanging.keys()] });
    }
    const match = /^\/remotes\/([\w-]+)\/(stop|hang|start)$/.exec(url.pathname);
    const name = match ? remoteName(match[1]) : null;
    if (request.method !== 'POST' || !match) return send(404, { error: 'not found' });
    if (!name) return send(400, { error: `unknown remote ${match[1]}` });
    const actions = { stop: stopRemote, hang: hangRemote, start: startRemote };
    actions[match[2]](name, url.searchParams.get('dist') ?? undefined).then(
      () =>
        send(200, {
          ok: true,
          remote: name,
          running: remotes.has(name),
          hanging: hanging.has(name),
        }),
      (error) => send(500, { error: String(error) }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(controlPort, '127.0.0.1', () => resolve(server));
  });
}

process.on('SIGTERM', () => void shutdown('SIGTERM').then(() => process.exit(0)));
process.on('SIGINT', () => void shutdown('SIGINT').then(() => process.exit(0)));
// The runner holds our stdin: when it closes, whoever started us is gone.
process.stdin.on('end', () => void shutdown('stdin closed').then(() => process.exit(0)));
process.stdin.resume();

try {
  api = startApi({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_API_LOG_LEVEL ?? 'warn',
    // The local payout provider enables charges this long after onboarding (decision 030): short,
    // so settings-payout.spec.ts sees Pending on the first look and Connected on the next 10-second poll.
    PAYOUT_LOCAL_ACTIVATION_MS: '6000',
  });
  api.once('exit', (code, signal) => {
    if (!stopping) log(`the API exited unexpectedly (code ${code}, signal ${signal})`);
  });
  control = await listenControl();
  await waitForUrl(`http://127.0.0.1:${ports.api}/api/v1/health`, {
    child: api,
    timeoutMs: 180_000,
  });
  shell = process.env.E2E_SHELL_DIST
    ? await serveDir({
        dir: process.env.E2E_SHELL_DIST,
        port: ports.shell,
        spa: true,
        api: `http://127.0.0.1:${ports.api}`,
        remotesConfig: remotesConfigFor(),
      })
    : await serveShell();
  for (const name of Object.keys(remoteDirs)) await startRemote(name);
  const info = {
    baseURL: `http://127.0.0.1:${ports.shell}`,
    control: `http://127.0.0.1:${controlPort}`,
    ports,
    dataDir,
    startupMs: Date.now() - started,
  };
  console.log(`E2E_SERVERS_READY ${JSON.stringify(info)}`);
} catch (error) {
  log(`could not start: ${error instanceof Error ? error.stack : String(error)}`);
  await shutdown('startup failure');
  process.exit(1);
}
