import { hydrate } from '@tanstack/react-query';
import { queryClient, useSessionStore } from '@guestspot/shared-api';
import { adoptPrerenderedPage, PRERENDERED_CLASS } from '@guestspot/shared-ui';
import { registerRemotesFromConfig } from './federation/remotes';
import { preloadOnIntent } from './routing/preload-route';

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

/**
 * The browser's turn: what is left of the start runs in a task of its own, so that a phone can
 * paint and answer a tap in between (one long task of module evaluation held it ~300 ms).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
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
  const remotesRegistered = registerRemotesFromConfig().catch((error: unknown) => {
    console.error('[shell] remotes.json could not be read; remote areas will offer Retry.', error);
  });
  // The modules are in this chunk already ("eager"): each import() only evaluates them, a step
  // per task.
  await nextTask();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app');
  await nextTask();
  const { StrictMode, startTransition } = await import(/* webpackMode: "eager" */ 'react');
  await remotesRegistered;
  // A transition: the first render yields to the browser between components instead of
  // holding the main thread for all of it (a phone stays responsive while the page starts).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  preloadOnIntent();
}

void start();
