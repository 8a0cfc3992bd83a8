// What the shell knows of this remote before loading its code: the build publishes it in mf-manifest.json
// (tooling/remote-metadata.cjs) and contributions.ts spreads each entry. Plain data: import types only.
import type { RemoteMetaSource } from 'shared-ui';

const meta = {
  id: 'roles',
  routes: {
    roleDetail: { path: 'roles/:id/:tab?', access: 'authenticated' },
    roleForm: { path: 'role/:id', access: 'authenticated' },
    application: { path: 'applications/:manageId', access: 'authenticated' },
    inviterHome: { path: 'inviter', access: 'authenticated' },
  },
  extensions: {
    rolesTab: {
      slot: 'home.tabs',
      id: 'roles',
      order: 10,
      labelKey: 'tabRoles',
      visibleRule: 'rolesHomeTab',
    },
    // A guest's roles tab lists its applications: the same tab (id, page) under that name. Ordered before
    // the roles tab, so that it is the one shown where both are visible (the first of an id wins).
    myApplicationsTab: {
      slot: 'home.tabs',
      id: 'roles',
      order: 5,
      labelKey: 'tabMyApplications',
      visibleRule: 'myApplicationsHomeTab',
    },
    usersTab: {
      slot: 'home.tabs',
      id: 'users',
      order: 20,
      labelKey: 'tabUsers',
      visibleRule: 'usersHomeTab',
    },
    applicationsTab: {
      slot: 'home.tabs',
      id: 'applications',
      order: 30,
      labelKey: 'tabApplications',
      visibleRule: 'applicationsHomeTab',
    },
    applicationUsersTab: {
      slot: 'home.tabs',
      id: 'applicationUsers',
      order: 40,
      labelKey: 'tabApplicationUsers',
      visibleRule: 'applicationUsersHomeTab',
    },
    // /home of an inviter is the inviter home (spec §2 Home).
    inviterLanding: {
      slot: 'home.landing',
      id: 'inviter',
      order: 10,
      labelKey: 'inviterHome',
      href: '/inviter',
      visibleRule: 'inviterHome',
    },
    // Where another user's profile (a shell page) leads back to: the users tab.
    userListLink: {
      slot: 'user-list.links',
      id: 'users',
      order: 10,
      labelKey: 'tabUsers',
      href: '/home/users',
      visibleRule: 'usersHomeTab',
    },
    // The role-detail link of a role card on the profile page.
    roleDetailLink: {
      slot: 'user-role.links',
      id: 'roleDetail',
      order: 10,
      labelKey: 'roleDetailLink',
      href: '/roles/:roleId',
      visibleRule: 'mayOpenRole',
    },
    // The role page's tabs; the invitations remote adds its own (order 20) between these two.
    guestsTab: {
      slot: 'role.tabs',
      id: 'guests',
      order: 10,
      labelKey: 'tabGuests',
      visibleRule: 'mayInvite',
    },
    maintainersTab: {
      slot: 'role.tabs',
      id: 'maintainers',
      order: 30,
      labelKey: 'tabMaintainers',
      visibleRule: 'mayInvite',
    },
  },
} as const satisfies RemoteMetaSource;

export default meta;
