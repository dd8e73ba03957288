/**
 * The first page as the site's server rendered it (decision 077): the shell hands its nodes over
 * before its first render, and every page-loading fallback of that first load shows them instead
 * of a spinner, so the page the visitor already sees stays in place (the same nodes, nothing
 * parsed or loaded again) until its own code has arrived and renders it from the same data. It
 * serves only the URL it was rendered for: the first navigation elsewhere drops it for good.
 */
let snapshot: { url: string; nodes: Node[] } | null = null;

/** The URL of the current page as the server saw it: path and query. */
function currentUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Keeps the server-rendered page (the children of `element`) for the URL it was rendered for. */
export function adoptPrerenderedPage(url: string, element: Element): void {
  snapshot = { url, nodes: [...element.childNodes] };
}

/** The server-rendered page's nodes, if the current page is still the one they were made for. */
export function prerenderedPageNodes(): Node[] | null {
  if (snapshot && snapshot.url !== currentUrl()) snapshot = null;
  return snapshot?.nodes ?? null;
}

/** The class of the element that holds a server-rendered page (the server writes the same). */
export const PRERENDERED_CLASS = 'gs-prerendered';
