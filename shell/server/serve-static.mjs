#!/usr/bin/env node
// Serves one built app (the shell or a remote) from its dist folder on 127.0.0.1.
//   guestspot-serve --dir dist --port 3002 [--cors] [--spa] [--api http://127.0.0.1:4000]
// --spa answers unknown paths with index.html; --api proxies /api and /sanctum to the API so the
// browser talks to one origin (cookies and the XSRF token stay first-party); --cors lets the
// shell's origin fetch a remote's mf-manifest.json. --trust-proxy names the load balancer in
// front of this server, if any (addresses / CIDR ranges, or a hop count; default none).
// --https says the public URL is https (TLS ends in front of this server; default: APP_URL is
// https): HSTS. Security headers and the CSP: security-headers.mjs (decision 068).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifyProxy from '@fastify/http-proxy';
import { readRemotesConfig, remoteOrigins, siteSecurityHeaders } from './security-headers.mjs';
import { createPageHints } from './page-hints.mjs';
import { createPrerender, isVisitor } from './prerender.mjs';

/**
 * Files named by their content (chunks, CSS, images: a hash in the name) never change: cached for
 * a year. Everything a redeploy replaces in place (index.html, main.js, remoteEntry.js,
 * mf-manifest.json, routes.json, remotes.json) is revalidated on every use (a 304 when unchanged).
 */
export function cacheControl(file) {
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  if (/\.[0-9a-f]{8,}\.[a-z0-9]+$/.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * The API believes X-Forwarded-For from this proxy (TRUST_PROXY, decision 064), so the proxy says
 * who its client is and never passes on what the client claimed: the forwarding headers are
 * replaced, not appended to. request.ip is the socket's peer, or with `trustProxy` the client
 * the trusted balancer in front reported.
 */
function forwardedHeaders(request, headers) {
  const kept = Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !/^(forwarded|x-real-ip|x-forwarded-.*)$/i.test(name),
    ),
  );
  return {
    ...kept,
    ...(request.ip ? { 'x-forwarded-for': request.ip } : {}),
    'x-forwarded-proto': request.protocol,
    ...(request.host ? { 'x-forwarded-host': request.host } : {}),
  };
}

/** --trust-proxy: none (default), a hop count, or a comma-separated list of addresses/ranges. */
function trustProxyArg(value) {
  const text = (value ?? '').trim();
  if (text === '' || text === 'none') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true')
    throw new Error(
      "--trust-proxy true would believe any client: list the balancer's addresses or give a hop count.",
    );
  return text.split(',').map((entry) => entry.trim());
}

export async function serveDir({
  dir,
  port,
  host = '127.0.0.1',
  cors = false,
  spa = false,
  api,
  remotesConfig,
  trustProxy = false,
  https = /^https:/i.test(process.env.APP_URL ?? ''),
  logger = false,
  // Closing ends every connection, not only idle ones (a test's stopped remote is a crash: a
  // browser's preconnected socket would otherwise hold close() until its headers timeout).
  forceCloseConnections = 'idle',
}) {
  const app = Fastify({ logger, trustProxy, forceCloseConnections });
  // The API's answers pass through the proxy with the API's own headers, untouched.
  app.addHook('onRoute', (route) => {
    if (/^\/(api|sanctum)(\/|$)/.test(route.url)) route.helmet = false;
  });
  const config = remotesConfig ?? readRemotesConfig(dir);
  const remotes = remoteOrigins(config);
  await app.register(fastifyHelmet, siteSecurityHeaders({ remotes, cors, https }));
  if (api) {
    for (const prefix of ['/api', '/sanctum']) {
      await app.register(fastifyProxy, {
        upstream: api,
        prefix,
        rewritePrefix: prefix,
        http1: true,
        replyOptions: { rewriteRequestHeaders: forwardedHeaders },
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
  // The shell's pages: index.html with what the URL's page needs preloaded (page-hints.mjs).
  const hints =
    config && spa
      ? createPageHints({
          remotesConfig: config,
          origin: `http://${host}:${port}`,
          // A visitor's first page rendered here (decision 077): the shell's build has a server
          // render and the API is known.
          prerender: createPrerender({ dir, api }),
        })
      : null;
  const template = hints ? fs.readFileSync(path.join(dir, 'index.html'), 'utf8') : '';
  const sendPage = async (request, reply) => {
    const html = await hints.page(template, request.url, {
      visitor: isVisitor(request.headers.cookie),
    });
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      const quality = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
      return reply
        .header('content-encoding', 'br')
        .send(zlib.brotliCompressSync(html, { params: quality }));
    }
    if (/\bgzip\b/.test(accepts))
      return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
    return reply.send(html);
  };
  if (hints) {
    app.get('/', sendPage);
    app.get('/index.html', sendPage);
  }
  await app.register(fastifyStatic, {
    root: path.resolve(dir),
    index: hints ? false : ['index.html'],
    // The build writes .br and .gz beside each text file: sent to browsers that accept them.
    preCompressed: true,
    cacheControl: false, // cacheControl() below says it
    setHeaders(res, file) {
      res.setHeader('cache-control', cacheControl(file));
      if (cors) res.setHeader('access-control-allow-origin', '*');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (cors) reply.header('access-control-allow-origin', '*');
    const wantsPage = request.method === 'GET' && !path.extname(request.url.split('?')[0]);
    if (spa && wantsPage && hints) return sendPage(request, reply);
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
      'trust-proxy': { type: 'string' },
      https: { type: 'boolean' },
    },
  });
  if (!values.port) {
    console.error(
      'usage: guestspot-serve --dir dist --port 3001 [--cors] [--spa] [--api URL] [--trust-proxy LIST|HOPS] [--https]',
    );
    process.exit(2);
  }
  await serveDir({
    dir: values.dir,
    port: Number(values.port),
    cors: values.cors,
    spa: values.spa,
    api: values.api,
    trustProxy: trustProxyArg(values['trust-proxy']),
    ...(values.https === undefined ? {} : { https: values.https }),
  });
  console.log(`Serving ${values.dir} on http://127.0.0.1:${values.port}`);
}
