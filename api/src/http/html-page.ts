import type { FastifyReply } from 'fastify';

// The few plain server-rendered pages of the API: the offline stand-ins for a provider's own
// pages (local OAuth consent, local payout onboarding and dashboard). No scripts at all.

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; color: #1d2939; background: #f9fafb; margin: 0; }
  main { max-width: 26rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 12px;
         box-shadow: 0 1px 3px rgb(16 24 40 / 0.1); }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  label, legend { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }
  fieldset { border: 0; padding: 0; margin: 0; }
  fieldset label { display: inline; font-weight: 400; margin: 0 1rem 0 0.25rem; }
  input[type="text"], input[type="email"], input:not([type]) { width: 100%; box-sizing: border-box;
         padding: 0.5rem 0.75rem; font: inherit; border: 1px solid #667085; border-radius: 8px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  .error { color: #b42318; }
  .hint { color: #475467; font-size: 0.875rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; flex-wrap: wrap; }
  button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 8px; border: 1px solid #667085;
           background: #fff; cursor: pointer; }
  button.primary { background: #6941c6; border-color: #6941c6; color: #fff; }
  a { color: #6941c6; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #9e77ed;
           outline-offset: 2px; }
`;

/**
 * Sends one page. `formAction` lists the origins a form on the page may post to or be redirected
 * to after posting (CSP form-action), besides the API's own.
 */
export function htmlPage(
  reply: FastifyReply,
  status: number,
  title: string,
  body: string,
  { formAction = [] }: { formAction?: string[] } = {},
) {
  const formSources = ["'self'", ...formAction].join(' ');
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // same-origin, not no-referrer: with no-referrer browsers send `Origin: null` on form posts
      .header('referrer-policy', 'same-origin')
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action ${formSources}; frame-ancestors 'none'`,
      ).send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`)
  );
}
