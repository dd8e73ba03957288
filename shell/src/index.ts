// An async boundary, so that shared singletons are negotiated before React is first imported.
// In a task after the federation runtime's own start (main.js): the negotiation and the loading
// of the shell's chunks are a long task of their own on a phone (issue 34).
setTimeout(() => void import('./bootstrap'), 0);
