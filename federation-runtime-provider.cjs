// The federation runtime for a remote's standalone page (webpack.federation.cjs, RUNTIME_PROVIDER):
// on the site the shell provides it (@module-federation/inject-external-runtime-core-plugin). The
// request is an alias of the package's file, so that the externals rule does not take it.
globalThis._FEDERATION_RUNTIME_CORE = require('guestspot-federation-runtime-core');
