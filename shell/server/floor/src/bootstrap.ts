// What every page of the site pays before it does anything of its own: React 19, react-dom's
// client and the federation runtime with the remotes registered (none loaded: 'loaded-first').
// Built by the shell's pipeline (webpack.federation.cjs) and served only by the benchmark.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

declare const __FLOOR_REMOTES__: Record<string, string>;

registerRemotes(Object.entries(__FLOOR_REMOTES__).map(([name, entry]) => ({ name, entry })));

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    createElement(
      StrictMode,
      null,
      createElement('main', null, createElement('h1', null, 'Guestspot')),
    ),
  );
}
