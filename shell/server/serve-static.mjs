#!/usr/bin/env node
// Serves one built app (the shell or a remote) from its dist folder on 127.0.0.1.
//   guestspot-serve --dir dist --port 3002 [--cors] [--spa] [--api http://127.0.0.1:4000]
// --spa answers unknown paths with index.html; --api proxies /api and /sanctum to the API so the
// browser talks to one origin (cookies and the XSRF token stay first-party); --cors lets the
// shell's origin fetch a remote's mf-manifest.json.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyProxy from '@fastify/http-proxy';

/** Entry files a redeploy replaces in place must never be cached; hashed chunks forever. */
function cacheControl(file) {
  const name = path.basename(file);
  if (/\.[0-9a-f]{8}\.js$/.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

export async function serveDir({
  dir,
  port,
  host = '127.0.0.1',
  cors = false,
  spa = false,
  api,
  remotesConfig,
  logger = false,
}) {
  const app = Fastify({ logger });
  if (api) {
    for (const prefix of ['/api', '/sanctum']) {
      await app.register(fastifyProxy, {
        upstream: api,
        prefix,
        rewritePrefix: prefix,
        http1: true,
      });
    }
  }
  if (remotesConfig) {
    // The runtime config can come from the environment instead of dist/remotes.json.
    app.get('/remotes.json', async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return remotesConfig;
    });
  }
  await app.register(fastifyStatic, {
    root: path.resolve(dir),
    index: ['index.html'],
    setHeaders(res, file) {
      res.setHeader('cache-control', cacheControl(file));
      if (cors) res.setHeader('access-control-allow-origin', '*');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (cors) reply.header('access-control-allow-origin', '*');
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0]);
    if (spa && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).type('text/plain').send('Not found');
  });
  await app.listen({ port, host });
  return app;
}

if (
  import.meta.url === pathToFileURL(process.argv[1] ?? '').href ||
  process.argv[1]?.endsWith('guestspot-serve')
) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string' },
      cors: { type: 'boolean', default: false },
      spa: { type: 'boolean', default: false },
      api: { type: 'string' },
    },
  });
  if (!values.port) {
    console.error('usage: guestspot-serve --dir dist --port 3001 [--cors] [--spa] [--api URL]');
    process.exit(2);
  }
  await serveDir({
    dir: values.dir,
    port: Number(values.port),
    cors: values.cors,
    spa: values.spa,
    api: values.api,
  });
  console.log(`Serving ${values.dir} on http://127.0.0.1:${values.port}`);
}
