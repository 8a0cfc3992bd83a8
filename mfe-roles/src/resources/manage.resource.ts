import { apiGet, apiPost } from 'shared-auth';
import type { Provider, Provisioning } from 'shared-auth';

/** Every registry application (super user). */
export function fetchProviders(): Promise<Provider[]> {
  return apiGet<Provider[]>('manage/providers');
}

/** The institution admin's own applications and their provisionings. */
export function fetchInstitutionApplications(): Promise<{
  providers: Provider[];
  provisionings: Provisioning[];
}> {
  return apiGet<{ providers: Provider[]; provisionings: Provisioning[] }>('manage/applications');
}

/** True when a provisioning serves the application. */
export function fetchHasProvisioning(manageId: string): Promise<boolean> {
  return apiGet<boolean>(`manage/provisionings/${encodeURIComponent(manageId)}`);
}

/** The identity provider of an organisation GUID; rejects (404) when there is none. */
export function validateOrganizationGUID(guid: string): Promise<Record<string, unknown>> {
  return apiGet<Record<string, unknown>>(`manage/organization-guid-validation/${encodeURIComponent(guid)}`);
}

/** The requested authentication contexts a role may ask for (ACR_VALUES): name → ACR value. */
export function fetchRequestedAuthnContextValues(): Promise<Record<string, string>> {
  return apiGet<Record<string, string>>('manage/requested-authn-context-values');
}

export async function validateUrl(value: string): Promise<boolean> {
  const answer = await apiPost<{ valid: boolean }>('validations/validate', { type: 'url', value });
  return answer?.valid === true;
}
