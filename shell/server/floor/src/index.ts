// The floor page of bench:lighthouse (shell/server/bench-floor.mjs): the shell's start, with
// nothing of the shell in it. An async boundary, as in the shell's src/index.ts.
import('./bootstrap');
