// jsdom lacks the Fetch API that ky and MSW need: copy Node's own implementations in. FormData,
// Blob and File too: jsdom's own are not understood by Node's fetch (a multipart upload would be
// sent as the text '[object FormData]'); our FormData still reads a jsdom <form> (React builds one
// from the form on every submit), through jsdom's own.
const JSDOMEnvironment = require('jest-environment-jsdom').TestEnvironment;

class GuestspotEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    const g = this.global;
    const JsdomFormData = g.FormData;
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
    g.FormData = class FormData extends globalThis.FormData {
      constructor(form, submitter) {
        super();
        if (form === undefined) return;
        for (const [name, value] of new JsdomFormData(form, submitter)) {
          // Text fields only: a jsdom File is not a Node Blob (tests upload through Node's File).
          if (typeof value === 'string') this.append(name, value);
        }
      }
    };
  }
}

module.exports = GuestspotEnvironment;
