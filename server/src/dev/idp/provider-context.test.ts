import { AsyncLocalStorage } from 'node:async_hooks';
import { jest } from '@jest/globals';
import { disableWhenIdle, providerContextStorage } from './provider-context.js';

describe("the identity provider's request-context storage", () => {
  it("is oidc-provider's own AsyncLocalStorage", async () => {
    const storage = await providerContextStorage();
    expect(storage).toBeInstanceOf(AsyncLocalStorage);
  });

  it('is disabled when the last request under way has closed, and only then', () => {
    const disable = jest.fn();
    const begin = disableWhenIdle({ disable });
    const first = begin();
    const second = begin();
    first();
    first(); // a second 'close' of the same request counts once
    expect(disable).not.toHaveBeenCalled();
    second();
    expect(disable).toHaveBeenCalledTimes(1);
    begin()();
    expect(disable).toHaveBeenCalledTimes(2);
  });

  it('is left alone when it cannot be found', () => {
    expect(() => disableWhenIdle(null)()()).not.toThrow();
  });

  it('gives its context to the code a request runs after being disabled in between', async () => {
    // What disabling does to a storage: off until the next run, which works as before.
    const storage = new AsyncLocalStorage<string>();
    await storage.run('first', async () => {
      await Promise.resolve();
      expect(storage.getStore()).toBe('first');
    });
    storage.disable();
    expect(storage.getStore()).toBeUndefined();
    await storage.run('second', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(storage.getStore()).toBe('second');
    });
  });
});
