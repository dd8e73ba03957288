#!/usr/bin/env node
// Starts the whole site from the production builds, each piece on its own 127.0.0.1 origin:
// the API (embedded database with demo data), the shell, and each remote. `npm start` builds
// first; this file only serves. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { demoLogins, demoPassword, ports, remoteDirs, remotesConfigFor } from './ports.mjs';
import { serveDir } from './serve-static.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function waitForUrl(url, { timeoutMs = 120_000, child } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The API as a child process (tsx), on the embedded database unless DATABASE_URL is set. */
export function startApi(env = {}) {
  // API_NODE_FLAGS: node's own flags for the API (a benchmark's --cpu-prof, say)
  const flags = process.env.API_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      PORT: String(ports.api),
      HOST: '127.0.0.1',
      APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${ports.shell}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

/** Serves a remote's build (its dist folder unless `dir` says another) on its own origin. */
export function serveRemote(name, { dir, forceCloseConnections } = {}) {
  return serveDir({
    dir: dir ?? path.join(root, remoteDirs[name], 'dist'),
    forceCloseConnections,
    port: ports[name],
    cors: true,
    spa: true,
    api: `http://127.0.0.1:${ports.api}`,
  });
}

export function serveShell() {
  return serveDir({
    dir: path.join(root, 'shell', 'dist'),
    port: ports.shell,
    spa: true,
    api: `http://127.0.0.1:${ports.api}`,
    remotesConfig: remotesConfigFor(),
  });
}

async function main() {
  const api = startApi();
  const stop = () => {
    api.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await waitForUrl(`http://127.0.0.1:${ports.api}/api/v1/sanctum/csrf-cookie`, { child: api });
  // The remotes first: the shell's server reads their manifests and routes for its pages.
  await Promise.all(Object.keys(remoteDirs).map((name) => serveRemote(name)));
  await serveShell();
  const url = `http://127.0.0.1:${ports.shell}/`;
  console.log(`
Guestspot is running: ${url}
  API        http://127.0.0.1:${ports.api}/api/v1
${Object.keys(remoteDirs)
  .map((name) => `  ${name.padEnd(16)} http://127.0.0.1:${ports[name]}/mf-manifest.json`)
  .join('\n')}

Demo logins (password ${demoPassword}):
${demoLogins.map(([email, what]) => `  ${email.padEnd(26)} ${what}`).join('\n')}

Press Ctrl-C to stop.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
