import { create } from 'zustand';
import type { Provider, Provisioning } from '../rules/types.js';

export interface ProvidersState {
  providers: Provider[];
  provisionings: Provisioning[];
  /** Providers by registry id (and by manageId when that differs). */
  providerById: Record<string, Provider>;
  setProviders(providers: Provider[], provisionings?: Provisioning[]): void;
}

/** The second client state of spec §3: registry applications and provisionings. */
export const useProvidersStore = create<ProvidersState>()((set) => ({
  providers: [],
  provisionings: [],
  providerById: {},
  setProviders: (providers, provisionings = []) => {
    const providerById: Record<string, Provider> = {};
    for (const provider of providers) {
      providerById[provider.id] = provider;
      if (provider.manageId && !(provider.manageId in providerById))
        providerById[provider.manageId] = provider;
    }
    set({ providers, provisionings, providerById });
  },
}));
