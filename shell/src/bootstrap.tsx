import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { queryClient, useSessionStore } from '@guestspot/shared-api';
import { adoptPrerenderedPage, PRERENDERED_CLASS } from '@guestspot/shared-ui';
import { App } from './app';
import { registerRemotesFromConfig } from './federation/remotes';

/**
 * A page the site's server rendered (decision 077): its data goes into the query cache and its
 * nodes are what the page-loading fallbacks show, so the page stays as it is until its code has
 * arrived and renders the same page from the same data.
 */
function adoptServerRender(container: HTMLElement) {
  const script = document.getElementById('gs-prerender');
  const page = container.querySelector(`.${PRERENDERED_CLASS}`);
  if (!script || !page) return;
  try {
    const { url, queries } = JSON.parse(script.textContent ?? '') as {
      url: string;
      queries: Parameters<typeof hydrate>[1];
    };
    hydrate(queryClient, queries);
    adoptPrerenderedPage(url, page);
  } catch (error) {
    console.error('[shell] the server-rendered page could not be adopted.', error);
  }
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  adoptServerRender(container);
  // The user is fetched while the remotes config loads; a failure of either leaves the site up.
  void useSessionStore
    .getState()
    .refetch()
    .catch(() => undefined);
  await registerRemotesFromConfig().catch((error: unknown) => {
    console.error('[shell] remotes.json could not be read; remote areas will offer Retry.', error);
  });
  // A transition: the first render yields to the browser between components instead of
  // holding the main thread for all of it (a phone stays responsive while the page starts).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
