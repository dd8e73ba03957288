// The federation runtime for a remote's own standalone page (decision 079). On the site the shell
// provides one runtime for every remote (experiments.provideExternalRuntime); a remote's bundles
// use that one (experiments.externalRuntime) instead of carrying their own copy. Alone on its
// origin a remote has no shell, so its index.html loads this first: the same runtime, built
// apart from the remote's compilation (an entry of that compilation would be given the very
// runtime it is meant to provide).
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
