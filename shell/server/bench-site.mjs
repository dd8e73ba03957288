// The production site for a benchmark: the API on a throw-away database (demo data), the shell
// and every remote served from their dist folders, on their own ports (37xx, 4700) so that a
// running `npm start` is not disturbed (and the floor page of bench-lighthouse.mjs on 3705).
// `npm run build` first.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.API_PORT ??= '4700';
process.env.SHELL_PORT ??= '3700';
process.env.MARKETPLACE_PORT ??= '3701';
process.env.BOOKING_PORT ??= '3702';
process.env.ACCOUNT_PORT ??= '3703';
process.env.MINIVIEW_PORT ??= '3704';
process.env.FLOOR_PORT ??= '3705';
const { demoPassword, ports, remoteDirs, remotesConfigFor } = await import('./ports.mjs');
const { serveRemote, serveShell, startApi, waitForUrl } = await import('./site.mjs');
const { startFloor } = await import('./bench-floor.mjs');

export { demoPassword, ports, remoteDirs };

/**
 * Starts everything; `close()` stops it and deletes the database. With `floor`, also the floor
 * page (bench-floor.mjs) on FLOOR_PORT, at `floorOrigin`: built for the benchmark, served by it
 * alone.
 */
export async function startBenchSite({ floor = false } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'guestspot-bench-'));
  // 'error': under a benchmark's load every answer is a slow one (the API warns of each).
  const api = startApi({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const servers = [];
  let floorOrigin = null;
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((resolve) => api.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForUrl(`http://127.0.0.1:${ports.api}/api/v1/sanctum/csrf-cookie`, { child: api });
    // The remotes first: the shell's server reads their manifests and routes for its pages.
    servers.push(...(await Promise.all(Object.keys(remoteDirs).map((name) => serveRemote(name)))));
    servers.push(await serveShell());
    if (floor) {
      const page = await startFloor({
        port: Number(process.env.FLOOR_PORT),
        remotesConfig: remotesConfigFor(),
      });
      servers.push(page);
      floorOrigin = page.origin;
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { origin: `http://127.0.0.1:${ports.shell}`, floorOrigin, close };
}
