import { loadable } from 'shared-ui/loadable';
import type { RemoteContributions } from 'shared-ui';
import contract from 'shared-ui/contract-version.json';
import meta from './contributions.meta';
import en from './translations/en.json';
import nl from './translations/nl.json';

// Paths, slots, order, labels and visibility come from contributions.meta.ts; here only the code.
const contributions: RemoteContributions = {
  id: meta.id,
  contractVersion: contract.contractVersion,
  routes: [
    { ...meta.routes.accept, element: loadable(() => import('./pages/invitation-accept.page')) },
    { ...meta.routes.mine, element: loadable(() => import('./pages/my-invitations.page')) },
    { ...meta.routes.form, element: loadable(() => import('./pages/invitation-form.page')) },
  ],
  extensions: [
    // The header link needs no code: the shell shows it from the metadata.
    { ...meta.extensions.headerInvite },
    { ...meta.extensions.roleTab, component: loadable(() => import('./lists/role-invitations.tab')) },
    { ...meta.extensions.systemTab, component: loadable(() => import('./lists/system-invitations.tab')) },
    { ...meta.extensions.myInvitations },
  ],
  translations: { en, nl },
};

export default contributions;
