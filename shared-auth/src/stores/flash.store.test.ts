import { clearFlash, setFlash, useFlashStore, type FlashType } from './flash.store.js';

beforeEach(() => {
  jest.useFakeTimers();
  clearFlash();
});
afterEach(() => jest.useRealTimers());

test('no type means info, which clears itself after 5000 ms', () => {
  setFlash('Saved');
  expect(useFlashStore.getState().flash).toEqual({
    msg: 'Saved',
    type: 'info',
    className: 'flash flash-info',
  });
  jest.advanceTimersByTime(4999);
  expect(useFlashStore.getState().flash).not.toBeNull();
  jest.advanceTimersByTime(1);
  expect(useFlashStore.getState().flash).toBeNull();
});

test.each<FlashType>(['success', 'warning', 'error'])('%s stays until cleared', (type) => {
  setFlash('Careful', type);
  jest.advanceTimersByTime(60_000);
  expect(useFlashStore.getState().flash).toMatchObject({
    msg: 'Careful',
    type,
    className: `flash flash-${type}`,
  });
  clearFlash();
  expect(useFlashStore.getState().flash).toBeNull();
});

test('a new flash is not cleared by the timer of the one it replaced', () => {
  setFlash('First');
  jest.advanceTimersByTime(3000);
  setFlash('Second');
  jest.advanceTimersByTime(3000);
  expect(useFlashStore.getState().flash?.msg).toBe('Second');
  jest.advanceTimersByTime(2000);
  expect(useFlashStore.getState().flash).toBeNull();
  setFlash('Info');
  setFlash('Error', 'error');
  jest.advanceTimersByTime(10_000);
  expect(useFlashStore.getState().flash?.msg).toBe('Error');
});

test('carries an action with its label', () => {
  const action = jest.fn();
  useFlashStore.getState().setFlash('Role disabled', 'error', action, 'Contact');
  const flash = useFlashStore.getState().flash;
  expect(flash).toMatchObject({ actionLabel: 'Contact' });
  flash?.action?.();
  expect(action).toHaveBeenCalled();
});
