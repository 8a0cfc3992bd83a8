import { startupAnsweredAt, type PageTiming } from './startup';

const ORIGIN = 'https://portal.example.org';

/**
 * A page's timing: `now`, the responseEnd of each resource entry by URL, in the order recorded, and of
 * the page's document.
 */
function timing(now: number, entries: Record<string, number[]>, documentEnd = 35): PageTiming {
  return {
    now: () => now,
    getEntriesByType: (type: string) =>
      type === 'navigation' ? [{ responseEnd: documentEnd } as PerformanceNavigationTiming] : [],
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
    expect(startupAnsweredAt(page, ORIGIN, false)).toBe(190);
  });

  test('without the user’s call (not logged in): the latest of the others', () => {
    expect(
      startupAnsweredAt(timing(400, { [url('csrf')]: [140], [url('users/config')]: [152] }), ORIGIN, false),
    ).toBe(152);
  });

  test('a call made again (an early one that failed) counts with its latest answer', () => {
    expect(
      startupAnsweredAt(
        timing(400, { [url('csrf')]: [0, 260], [url('users/config')]: [152] }),
        ORIGIN,
        false,
      ),
    ).toBe(260);
  });

  test('now, when nothing was recorded; never later than now', () => {
    expect(startupAnsweredAt(timing(300, {}), ORIGIN, false)).toBe(300);
    expect(startupAnsweredAt(timing(100, { [url('csrf')]: [120] }), ORIGIN, false)).toBe(100);
  });

  test('answers the page carried came with its document: the end of its response', () => {
    expect(startupAnsweredAt(timing(400, {}, 35), ORIGIN, true)).toBe(35);
    // One asked for after all (the user's answer was not carried) counts when it came.
    expect(startupAnsweredAt(timing(400, { [url('users/me')]: [120] }, 35), ORIGIN, true)).toBe(120);
    // The same page without carried answers: nothing recorded, so now.
    expect(startupAnsweredAt(timing(400, {}, 35), ORIGIN, false)).toBe(400);
  });
});
