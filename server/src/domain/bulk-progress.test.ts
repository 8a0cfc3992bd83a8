import { createProgressBoard, ProgressKeyInUseError } from './bulk-progress.js';

const KEY = '0b7d4a52-6c1e-4f3a-9a57-3f1f5c2b9e10';
const OTHER = 'c3a1e2f4-1111-4222-8333-944455566677';

describe('the progress board', () => {
  it('shows a running entry to its user only, and its updates', () => {
    const board = createProgressBoard();
    const tracker = board.start(1, KEY);
    expect(board.read(1, KEY)).toEqual({ phase: 'checking', total: 0, written: 0, mailed: 0, done: false });
    tracker.update({ phase: 'writing', total: 100, written: 25 });
    expect(board.read(1, KEY)).toMatchObject({ phase: 'writing', total: 100, written: 25, done: false });
    expect(board.read(2, KEY)).toBeUndefined();
    // The key is a uuid: its case does not make another key.
    expect(board.read(1, KEY.toUpperCase())).toMatchObject({ written: 25 });
  });

  it('keeps finished work for keepMs, frozen, then drops it', () => {
    let now = 1_000;
    const board = createProgressBoard({ keepMs: 60_000, now: () => now });
    const tracker = board.start(1, KEY);
    tracker.update({ total: 3, written: 3 });
    tracker.finish('done');
    tracker.update({ written: 0 });
    tracker.finish('failed');
    now += 59_999;
    expect(board.read(1, KEY)).toEqual({ phase: 'done', total: 3, written: 3, mailed: 0, done: true });
    now += 1;
    expect(board.read(1, KEY)).toBeUndefined();
    expect(board.size()).toBe(0);
  });

  it('refuses a key of the same user while it runs; another user may use the same key', () => {
    const board = createProgressBoard();
    const tracker = board.start(1, KEY);
    expect(() => board.start(1, KEY)).toThrow(ProgressKeyInUseError);
    board.start(2, KEY).update({ written: 7 });
    expect(board.read(1, KEY)?.written).toBe(0);
    tracker.finish('done');
    board.start(1, KEY).update({ written: 1 });
    expect(board.read(1, KEY)).toMatchObject({ written: 1, done: false });
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const board = createProgressBoard({ maxEntries: 3 });
    const keys = [KEY, OTHER, '11111111-2222-4333-8444-555555555555', '99999999-2222-4333-8444-555555555555'];
    for (const key of keys) board.start(1, key);
    expect(board.size()).toBe(3);
    expect(board.read(1, KEY)).toBeUndefined();
    expect(keys.slice(1).every((key) => board.read(1, key))).toBe(true);
  });
});
