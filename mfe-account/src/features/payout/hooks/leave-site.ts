/** Sends the browser to a provider's page (a document navigation; tests replace this module). */
export function leaveSiteFor(url: string): void {
  window.location.assign(url);
}
