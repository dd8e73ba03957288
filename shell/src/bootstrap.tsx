/**
 * The shell's start, a step per task (issue 34): each `import()` below is of a module already in
 * this chunk ("eager"), so it only evaluates it, and `nextTask()` between two steps lets a phone
 * paint and answer a tap in between. Evaluated in one go, the shell's modules and the shared
 * libraries they import held the main thread in one long task after the first paint.
 */

/**
 * How long the first render of a server-rendered page waits for the page's own code (preloaded
 * with the HTML, so it normally arrives with the shell's): rendered together, the frame and the
 * page replace the server's in one commit, one style and layout of the whole page instead of two
 * (the frame around the server's page, then the page). Past this, the frame goes first as before.
 */
const FIRST_PAGE_WAIT_MS = 2_000;

/** The browser's turn: what is left of the start runs in a task of its own. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A page the site's server rendered (decision 077): its data goes into the query cache and its
 * nodes are what the page-loading fallbacks show, so the page stays as it is until its code has
 * arrived and renders the same page from the same data. Whether there was one.
 */
async function adoptServerRender(container: HTMLElement): Promise<boolean> {
  const script = document.getElementById('gs-prerender');
  if (!script) return false;
  const { adoptPrerenderedPage, PRERENDERED_CLASS } = await import(
    /* webpackMode: "eager" */ '@guestspot/shared-ui'
  );
  const page = container.querySelector(`.${PRERENDERED_CLASS}`);
  if (!page) return false;
  await nextTask();
  const [{ hydrate }, { queryClient }] = await Promise.all([
    import(/* webpackMode: "eager" */ '@tanstack/react-query'),
    import(/* webpackMode: "eager" */ '@guestspot/shared-api'),
  ]);
  try {
    const { url, queries } = JSON.parse(script.textContent ?? '') as {
      url: string;
      queries: Parameters<typeof hydrate>[1];
    };
    hydrate(queryClient, queries);
    adoptPrerenderedPage(url, page);
    return true;
  } catch (error) {
    console.error('[shell] the server-rendered page could not be adopted.', error);
    return false;
  }
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  // The remotes first: the page's own code (its remote's routes and chunk) loads meanwhile.
  const { registerRemotesFromConfig } = await import(
    /* webpackMode: "eager" */ './federation/remotes'
  );
  const remotesRegistered = registerRemotesFromConfig().catch((error: unknown) => {
    console.error('[shell] remotes.json could not be read; remote areas will offer Retry.', error);
  });
  await nextTask();
  const serverRendered = await adoptServerRender(container);
  await nextTask();
  // The user is fetched while the remotes config loads; a failure of either leaves the site up.
  const { useSessionStore } = await import(/* webpackMode: "eager" */ '@guestspot/shared-api');
  void useSessionStore
    .getState()
    .refetch()
    .catch(() => undefined);
  await nextTask();
  const { loadPageCode, preloadOnIntent } = await import(
    /* webpackMode: "eager" */ './routing/preload-route'
  );
  const firstPage = serverRendered
    ? remotesRegistered.then(() => loadPageCode(window.location.pathname)).catch(() => undefined)
    : Promise.resolve();
  await nextTask();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app');
  await nextTask();
  const { StrictMode, startTransition } = await import(/* webpackMode: "eager" */ 'react');
  await remotesRegistered;
  await Promise.race([
    firstPage,
    new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS)),
  ]);
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
