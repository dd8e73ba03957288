import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { e2eEnv } from './env';

const here = path.dirname(fileURLToPath(import.meta.url));
const STARTUP_TIMEOUT_MS = 240_000;

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts support/servers.mjs (API on a fresh temporary database, shell, four remotes, control
 * server) in its own process and waits for its ready line; the function it returns is the global
 * teardown: it stops that process, which stops everything and deletes the database folder.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const busy = [];
  for (const [name, port] of Object.entries(e2eEnv.ports))
    if (await portInUse(port)) busy.push(`${name} ${port}`);
  if (busy.length > 0) {
    throw new Error(
      `e2e ports already in use (${busy.join(', ')}): stop what listens there, or move the e2e site with E2E_*_PORT variables (e2e/support/env.ts).`,
    );
  }

  const started = Date.now();
  const child = spawn(process.execPath, [path.join(here, 'servers.mjs')], {
    cwd: path.resolve(here, '..', '..'),
    env: { ...process.env, ...e2eEnv.serverVariables },
    stdio: ['pipe', 'pipe', 'inherit'],
  });

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the e2e site did not start within ${STARTUP_TIMEOUT_MS} ms`)),
      STARTUP_TIMEOUT_MS,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the e2e servers exited during startup (code ${code}, signal ${signal})`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('E2E_SERVERS_READY ')) {
        clearTimeout(timer);
        resolve();
      } else {
        console.log(line);
      }
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGTERM');
    await exited;
    throw error;
  });
  console.log(
    `[e2e] site up at ${e2eEnv.baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
  };
}
