// jsdom lacks the Fetch API that ky and MSW need: copy Node's own implementations in. FormData,
// Blob and File too: jsdom's own are not understood by Node's fetch (a multipart upload would be
// sent as the text '[object FormData]').
const JSDOMEnvironment = require('jest-environment-jsdom').TestEnvironment;

class GuestspotEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    const g = this.global;
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'ReadableStream',
      'WritableStream',
      'TransformStream',
      'TextEncoder',
      'TextDecoder',
      'TextDecoderStream',
      'TextEncoderStream',
      'BroadcastChannel',
      'AbortController',
      'AbortSignal',
      'structuredClone',
      'URL',
      'URLSearchParams',
      'WebSocket',
      'FormData',
      'Blob',
      'File',
    ]) {
      if (globalThis[name] !== undefined) g[name] = globalThis[name];
    }
  }
}

module.exports = GuestspotEnvironment;
