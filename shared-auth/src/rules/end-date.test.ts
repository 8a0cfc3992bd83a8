import { userRoleEndDateProblem } from './end-date.js';

describe('userRoleEndDateProblem (spec §4, §5)', () => {
  const now = Date.UTC(2026, 5, 1);
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const superUser = { superUser: true };
  const manager = { superUser: false };
  const strict = { pastDateAllowed: false, now };

  it('lets only a super user clear the end date of a guest entry', () => {
    expect(userRoleEndDateProblem(manager, 'GUEST', null, strict)).toBe('guestNeedsEndDate');
    expect(userRoleEndDateProblem(superUser, 'GUEST', null, strict)).toBeNull();
    expect(userRoleEndDateProblem(manager, 'INVITER', null, strict)).toBeNull();
  });

  it('wants a future date unless past dates are allowed', () => {
    expect(userRoleEndDateProblem(manager, 'GUEST', seconds(now) + 60, strict)).toBeNull();
    expect(userRoleEndDateProblem(manager, 'GUEST', seconds(now), strict)).toBe('endDateNotInFuture');
    expect(userRoleEndDateProblem(superUser, 'MANAGER', seconds(now) - 60, strict)).toBe(
      'endDateNotInFuture',
    );
    expect(
      userRoleEndDateProblem(manager, 'GUEST', seconds(now) - 60, { pastDateAllowed: true, now }),
    ).toBeNull();
  });
});
