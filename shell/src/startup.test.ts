import { startupAnsweredAt, type PageTiming } from './startup';

const ORIGIN = 'https://portal.example.org';

/** A page's timing: `now`, and the responseEnd of each resource entry by URL, in the order recorded. */
function timing(now: number, entries: Record<string, number[]>): PageTiming {
  return {
    now: () => now,
    getEntriesByName: (name: string, type?: string) =>
      type === 'resource'
        ? (entries[`${ORIGIN}/api/v1/${name.split('/api/v1/')[1]}`] ?? []).map(
            (responseEnd) => ({ name, responseEnd }) as PerformanceResourceTiming,
          )
        : [],
  };
}
const url = (path: string) => `${ORIGIN}/api/v1/${path}`;

describe('startupAnsweredAt', () => {
  test('the latest end among the startup calls’ answers', () => {
    const page = timing(400, {
      [url('csrf')]: [140],
      [url('users/config')]: [152],
      [url('users/me')]: [190],
    });
    expect(startupAnsweredAt(page, ORIGIN)).toBe(190);
  });

  test('without the user’s call (not logged in): the latest of the others', () => {
    expect(
      startupAnsweredAt(timing(400, { [url('csrf')]: [140], [url('users/config')]: [152] }), ORIGIN),
    ).toBe(152);
  });

  test('a call made again (an early one that failed) counts with its latest answer', () => {
    expect(
      startupAnsweredAt(timing(400, { [url('csrf')]: [0, 260], [url('users/config')]: [152] }), ORIGIN),
    ).toBe(260);
  });

  test('now, when nothing was recorded; never later than now', () => {
    expect(startupAnsweredAt(timing(300, {}), ORIGIN)).toBe(300);
    expect(startupAnsweredAt(timing(100, { [url('csrf')]: [120] }), ORIGIN)).toBe(100);
  });
});
