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

  it("refuses a date after the role's end date, and none at all, whoever asks", () => {
    const roleEndDate = seconds(now) + 30 * 86_400;
    const capped = { ...strict, roleEndDate };
    expect(userRoleEndDateProblem(manager, 'GUEST', roleEndDate, capped)).toBeNull();
    expect(userRoleEndDateProblem(manager, 'GUEST', roleEndDate - 60, capped)).toBeNull();
    expect(userRoleEndDateProblem(manager, 'GUEST', roleEndDate + 1, capped)).toBe('endDateAfterRoleEnd');
    expect(userRoleEndDateProblem(superUser, 'MANAGER', roleEndDate + 86_400, capped)).toBe(
      'endDateAfterRoleEnd',
    );
    expect(userRoleEndDateProblem(superUser, 'GUEST', null, capped)).toBe('endDateAfterRoleEnd');
    expect(userRoleEndDateProblem(manager, 'INVITER', null, capped)).toBe('endDateAfterRoleEnd');
    expect(userRoleEndDateProblem(manager, 'GUEST', null, capped)).toBe('guestNeedsEndDate');
    expect(userRoleEndDateProblem(manager, 'INVITER', null, { ...strict, roleEndDate: null })).toBeNull();
  });
});
