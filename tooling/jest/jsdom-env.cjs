// jsdom lacks what react-router 7 and ky need at import time; copy them from Node's globals.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'TextEncoder', 'TextDecoder', 'fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController',
  'AbortSignal', 'ReadableStream', 'WritableStream', 'TransformStream', 'structuredClone', 'Blob',
  'BroadcastChannel', 'MessageChannel', 'MessagePort',
];

class PortalJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = PortalJsdomEnvironment;
