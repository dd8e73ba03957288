// The security headers of the site's static servers (the shell and each remote), set by
// @fastify/helmet (decision 068). The Content-Security-Policy follows the remotes config: the
// shell may run scripts from its own origin and from the origins of the remotes listed in
// remotes.json, so moving a remote to a CDN is a change of remotes.json, not of this file.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Stripe.js, loaded by the card field only when the API gives a publishable key
 * (shared-ui/src/card-field): its script, the iframes it draws the card inputs and 3-D Secure in,
 * and the API it talks to (Stripe's integration security guide lists these).
 */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

const ONE_YEAR = 31_536_000;

/**
 * The origins of the remotes in a remotes config ({ remotes: { name: manifestUrl } }). A relative
 * manifest URL is the shell's own origin ('self'), so it adds nothing.
 */
export function remoteOrigins(remotesConfig) {
  const origins = new Set();
  for (const entry of Object.values(remotesConfig?.remotes ?? {})) {
    if (typeof entry !== 'string' || !/^https?:\/\//i.test(entry)) continue;
    origins.add(new URL(entry).origin);
  }
  return [...origins].sort();
}

/** dist/remotes.json, when the shell is served without a config of its own (`npm run serve`). */
export function readRemotesConfig(dir) {
  const file = path.join(dir, 'remotes.json');
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * @fastify/helmet options for a static server.
 * @param {object} options
 * @param {string[]} [options.remotes]  origins the page may load remote entries and chunks from
 * @param {boolean} [options.cors]  a remote's server: other origins (the shell) load its scripts
 * @param {boolean} [options.https]  served over https (behind TLS): HSTS, upgrade-insecure-requests
 */
export function siteSecurityHeaders({ remotes = [], cors = false, https = false } = {}) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No 'unsafe-inline' and no 'unsafe-eval': index.html loads /main.js, nothing inline.
        scriptSrc: ["'self'", ...remotes, ...STRIPE_SOURCES.script],
        scriptSrcAttr: ["'none'"],
        // The federation runtime fetches each remote's mf-manifest.json.
        connectSrc: ["'self'", ...remotes, ...STRIPE_SOURCES.connect],
        // style-loader injects each chunk's CSS as a <style> element at run time.
        // A remote's pages bring their stylesheets from the remote's origin (decision 075).
        styleSrc: ["'self'", ...remotes, "'unsafe-inline'"],
        // data: identicons (shared-ui avatar); blob: an upload's local preview before it is sent.
        imgSrc: ["'self'", 'data:', 'blob:'],
        // blob: recorded or chosen media played back before it is uploaded.
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: STRIPE_SOURCES.frame,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    xFrameOptions: { action: 'deny' },
    // Not no-referrer: with it a same-origin POST would carry `Origin: null`.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // A remote's entry and chunks are <script>s of the shell's origin (no-cors requests).
    crossOriginResourcePolicy: { policy: cors ? 'cross-origin' : 'same-origin' },
    // Off: the social sign-in popup returns to /login/:provider and answers through
    // window.opener, which COOP would cut once the popup has been on the provider's origin.
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: ONE_YEAR, includeSubDomains: true } : false,
  };
}
