import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useSessionStore } from '@guestspot/shared-api';
import { App } from './app';
import { registerRemotesFromConfig } from './federation/remotes';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  // The user is fetched while the remotes config loads; a failure of either leaves the site up.
  void useSessionStore
    .getState()
    .refetch()
    .catch(() => undefined);
  await registerRemotesFromConfig().catch((error: unknown) => {
    console.error('[shell] remotes.json could not be read; remote areas will offer Retry.', error);
  });
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
