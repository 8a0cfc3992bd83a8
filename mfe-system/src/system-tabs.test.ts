import { systemTabs } from './system-tabs';

describe('system tabs', () => {
  it('offer the performance seed only when the config allows it', () => {
    expect(systemTabs({ performanceSeedAllowed: false }).map((tab) => tab.id)).toEqual([
      'cron',
      'invitations',
      'unknownRoles',
      'expiredUserRoles',
    ]);
    expect(systemTabs({ performanceSeedAllowed: true }).map((tab) => tab.id)).toContain('seed');
  });
});
