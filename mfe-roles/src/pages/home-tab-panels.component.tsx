// The home tabs this remote contributes; contributions.ts loads them lazily from here.
export { RolesTab } from '../home/roles-tab.component';
export { UsersTab } from '../home/users-tab.component';
export { ApplicationsTab } from '../home/applications-tab.component';
export { ApplicationUsersTab } from '../home/application-users-tab.component';
