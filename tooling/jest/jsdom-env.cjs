// jsdom lacks what react-router 7 and ky need at import time; copy them from Node's globals.
// Not MessageChannel/MessagePort: React's scheduler opens a Node MessagePort with them, which keeps
// Jest from exiting (it then hangs after the run); without them it falls back to setTimeout.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'TextEncoder',
  'TextDecoder',
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  'Blob',
  'BroadcastChannel',
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
