import { COUNT_CAP, isCappedTotal, shownTotal } from './paging.js';

describe('a capped total', () => {
  it('is shown as counted up to the cap', () => {
    expect(shownTotal(0)).toBe('0');
    expect(shownTotal(COUNT_CAP)).toBe('1000');
    expect(isCappedTotal(COUNT_CAP)).toBe(false);
  });

  it('is shown as the cap and a plus past it, not as the cap + 1 the server answers', () => {
    expect(isCappedTotal(COUNT_CAP + 1)).toBe(true);
    expect(shownTotal(COUNT_CAP + 1)).toBe('1000+');
  });
});
