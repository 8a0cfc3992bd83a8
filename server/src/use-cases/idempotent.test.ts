/**
 * What an Idempotency-Key is bound to (issue 57): the operation and the body, the body read as canonical
 * JSON. The same key and body on another operation is another request, never the first one's answer (the
 * route-level proof, a 422, is in routes/external/external-idempotency-lease.test.ts).
 */
import { idempotencyRequestHash } from './idempotent.js';

describe('idempotencyRequestHash', () => {
  const body = { email: 'jan@uni.example', roleIdentifiers: [1, 2] };

  it('differs between operations for the same body', () => {
    expect(idempotencyRequestHash('POST invitations', body)).not.toBe(
      idempotencyRequestHash('POST user_role_provisioning', body),
    );
  });

  it('is a SHA-256 of the operation and the canonical body', () => {
    expect(idempotencyRequestHash('POST invitations', body)).toMatch(/^[0-9a-f]{64}$/);
    expect(idempotencyRequestHash('POST invitations', body)).toBe(
      idempotencyRequestHash('POST invitations', { roleIdentifiers: [1, 2], email: 'jan@uni.example' }),
    );
  });

  it('ignores the order of object keys, at every depth, and keys left undefined', () => {
    const hash = (value: unknown) => idempotencyRequestHash('op', value);
    expect(hash({ a: 1, b: { c: 2, d: 3 } })).toBe(hash({ b: { d: 3, c: 2 }, a: 1 }));
    expect(hash({ a: 1, b: undefined })).toBe(hash({ a: 1 }));
    expect(hash([{ y: 1, x: 2 }])).toBe(hash([{ x: 2, y: 1 }]));
  });

  it('tells apart bodies that differ in a value, an array order, a key or a type', () => {
    const hash = (value: unknown) => idempotencyRequestHash('op', value);
    const distinct = [
      { a: 1 },
      { a: 2 },
      { b: 1 },
      { a: '1' },
      { a: [1, 2] },
      { a: [2, 1] },
      { a: null },
      { a: {} },
      { a: 1, b: 2 },
      [1, 2],
      [12],
      { 0: 1 },
      [1],
      [[1]],
      '1',
      null,
    ];
    expect(new Set(distinct.map(hash)).size).toBe(distinct.length);
    expect(hash(undefined)).toBe(hash(null));
  });

  it('sorts keys by code point, capitals before small letters', () => {
    const hash = (value: unknown) => idempotencyRequestHash('op', value);
    expect(hash({ B: 1, a: 2, b: 3 })).toBe(hash({ b: 3, a: 2, B: 1 }));
    expect(hash({ b: 3, B: 1, a: 2 })).toBe(hash({ a: 2, b: 3, B: 1 }));
    const keys = ['k', 'c', 'x', 'a', 'q', 'e', 'z', 'b', 'm', 'd'];
    const forwards = Object.fromEntries(keys.map((key, i) => [key, i]));
    const backwards = Object.fromEntries([...keys].reverse().map((key) => [key, keys.indexOf(key)]));
    expect(hash(forwards)).toBe(hash(backwards));
  });
});
