/**
 * What the development identity provider makes of an authorization request's login_hint and acr_values
 * (issue 52), so that every path of a steered login can be shown in a browser: the identity providers it
 * acts as (the hint's entity ids, named from the registry) and the one it signs in through (the first),
 * and the assurance value it may put in the ID token's acr.
 */
import type { AppConfig } from '../../config.js';
import type { Registry } from '../../registry/registry.js';

export interface ActingProvider {
  entityid: string;
  name: string;
  /** The schac_home_organization of the people it signs in. */
  homeOrganization: string;
}

export interface DevSteering {
  /** The identity providers of the login_hint, in its order; empty without a hint. */
  providers: ActingProvider[];
  /** The first acr_values value, offered as the acr of the ID token; undefined when none was asked. */
  acr?: string;
}

/** The home organisation of an identity provider: eduID's setting, its scope, else its host minus the first label. */
function homeOrganizationOf(
  entityid: string,
  scope: string | undefined,
  config: Pick<AppConfig, 'eduidEntityId' | 'eduidHomeOrganization'>,
): string {
  if (entityid === config.eduidEntityId) return config.eduidHomeOrganization;
  if (scope) return scope;
  try {
    const host = new URL(entityid).hostname;
    const labels = host.split('.');
    return labels.length > 2 ? labels.slice(1).join('.') : host;
  } catch {
    return entityid;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Reads the interaction's parameters (oidc-provider's `details.params`). */
export async function devSteering(
  params: Record<string, unknown>,
  registry: Registry,
  config: Pick<AppConfig, 'eduidEntityId' | 'eduidHomeOrganization'>,
): Promise<DevSteering> {
  const hint = text(params.login_hint);
  const entityIds = hint
    ? hint
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
    : [];
  const providers: ActingProvider[] = [];
  for (const entityid of entityIds) {
    const idp = await registry.identityProviderByEntityId(entityid);
    providers.push({
      entityid,
      name: idp?.['name:en'] ?? idp?.['name:nl'] ?? entityid,
      homeOrganization: homeOrganizationOf(entityid, idp?.scope, config),
    });
  }
  const acr = text(params.acr_values)?.split(/\s+/)[0];
  return { providers, ...(acr ? { acr } : {}) };
}
