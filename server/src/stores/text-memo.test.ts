import type { ApplicationMap } from 'shared-auth/rules';
import { TextMemo } from './text-memo.js';

describe('the text memo', () => {
  const known = new Map<string, ApplicationMap>();
  const kept = (json: string, until = Infinity) => ({ json, basis: known, until });

  it('gives a text back only at the reading and with the basis it was written with', () => {
    const memo = new TextMemo();
    memo.set(1, kept('{"id":1}'), 7);
    expect(memo.get(1, 7, known, 0)).toBe('{"id":1}');
    expect(memo.get(1, 8, known, 0)).toBeUndefined();
    expect(memo.get(1, 7, new Map(), 0)).toBeUndefined();
    expect(memo.get(2, 7, known, 0)).toBeUndefined();
  });

  it('gives a text back only before the time what it shows may change by itself', () => {
    const memo = new TextMemo();
    memo.set(1, kept('{"id":1}', 5_000), 1);
    expect(memo.get(1, 1, known, 4_999)).toBe('{"id":1}');
    expect(memo.get(1, 1, known, 5_000)).toBeUndefined();
  });

  it('drops every text at a newer reading, keeps nothing at an older one or while blind', () => {
    const memo = new TextMemo();
    memo.set(1, kept('one'), 3);
    memo.set(2, kept('two'), 4);
    expect(memo.get(1, 4, known, 0)).toBeUndefined();
    expect(memo.get(2, 4, known, 0)).toBe('two');
    // Read before the change of reading 4: stale, not kept.
    memo.set(3, kept('three'), 3);
    expect(memo.get(3, 3, known, 0)).toBeUndefined();
    expect(memo.get(2, 4, known, 0)).toBe('two');
    memo.set(4, kept('four'), null);
    expect(memo.get(4, null, known, 0)).toBeUndefined();
  });

  it('keeps the newest texts up to its size', () => {
    const memo = new TextMemo(2);
    for (const id of [1, 2, 3]) memo.set(id, kept(String(id)), 1);
    expect([1, 2, 3].map((id) => memo.get(id, 1, known, 0))).toEqual([undefined, '2', '3']);
  });
});
