import { useErrorDialogStore } from './error-dialog.store.js';
import { useProvidersStore } from './providers.store.js';

test('setProviders indexes providers by id and manageId', () => {
  const wiki = { id: 'wiki', 'name:en': 'Wiki' };
  const mail = { id: '7', manageId: 'mail', 'name:en': 'Mail' };
  const provisioning = { provisioning_type: 'scim', applications: [{ id: 'wiki' }] };
  expect(useProvidersStore.getState()).toMatchObject({ providers: [], provisionings: [], providerById: {} });
  useProvidersStore.getState().setProviders([wiki, mail], [provisioning]);
  const state = useProvidersStore.getState();
  expect(state.providers).toEqual([wiki, mail]);
  expect(state.provisionings).toEqual([provisioning]);
  expect(state.providerById).toEqual({ wiki, '7': mail, mail });
  useProvidersStore.getState().setProviders([]);
  expect(useProvidersStore.getState()).toMatchObject({ providers: [], provisionings: [], providerById: {} });
});

test('the error dialog opens with a reference and closes', () => {
  expect(useErrorDialogStore.getState()).toMatchObject({ open: false, reference: null });
  useErrorDialogStore.getState().show(4711);
  expect(useErrorDialogStore.getState()).toMatchObject({ open: true, reference: 4711 });
  useErrorDialogStore.getState().close();
  expect(useErrorDialogStore.getState()).toMatchObject({ open: false, reference: null });
});
