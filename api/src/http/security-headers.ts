import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from '../config';

// The headers every API answer carries (decision 068), set by @fastify/helmet. The API answers
// JSON, generated SVG pictures, uploaded media and invoice PDFs, none of which runs a script or
// may be framed; its few HTML pages (html-page.ts) and uploaded media send a CSP of their own,
// which replaces this one.

/** One year, as helmet's default; only behind https (a plain-http APP_URL is development). */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

export function apiSecurityHeaders(config: Pick<AppConfig, 'appUrl'>): FastifyHelmetOptions {
  return {
    // default-src 'none': a JSON answer or an SVG opened as a page loads nothing and runs nothing.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    // Nothing the API answers is read by another page as a no-referrer subresource except through
    // the site's own origin (the site proxies /api): same-origin, helmet's default.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Off: the social sign-in popup (local consent page, provider, then the site's landing page)
    // talks to the window that opened it through window.opener, which COOP would cut.
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: /^https:/i.test(config.appUrl) ? HSTS : false,
  };
}
