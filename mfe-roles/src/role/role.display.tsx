import type { ApplicationMap, Provider, Role } from 'shared-auth';

type Named = Pick<ApplicationMap, 'name:en' | 'name:nl' | 'OrganizationName:en' | 'OrganizationName:nl'>;

function inLanguage(entity: Named, field: 'name' | 'OrganizationName', language: string): string {
  const [first, second] = language === 'nl' ? (['nl', 'en'] as const) : (['en', 'nl'] as const);
  return entity[`${field}:${first}`] ?? entity[`${field}:${second}`] ?? '';
}

/** Spec §3: an application's name in the current language with fallback to the other. */
export function applicationName(entity: Named, language: string): string {
  return inLanguage(entity, 'name', language);
}

export function organisationName(entity: Named, language: string): string {
  return inLanguage(entity, 'OrganizationName', language);
}

/** Spec §3: the name with the organisation name in brackets. */
export function applicationLabel(entity: Named, language: string): string {
  const name = applicationName(entity, language);
  const organisation = organisationName(entity, language);
  return organisation ? `${name} (${organisation})` : name;
}

/** The first application the registry still knows: it gives a role its logo and name in lists. */
export function firstKnownApplication(role: Pick<Role, 'applicationMaps'>): ApplicationMap | undefined {
  return (role.applicationMaps ?? []).find((map) => !map.unknown);
}

/** Up to two capitals of a name, for a logo that is missing. */
export function initials(name: string | undefined): string {
  const words = (name ?? '').split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** A logo, or the initials of the name on a coloured square when there is none. */
export function Logo({
  src,
  name,
  size = 'medium',
}: {
  src?: string;
  name?: string;
  size?: 'small' | 'medium';
}) {
  const className = `roles-logo roles-logo--${size}`;
  if (src) return <img className={className} src={src} alt="" />;
  return (
    <span className={`${className} roles-logo--initials`} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/** A provider's registry type in words (spec §3). */
export function providerTypeKey(provider: Pick<Provider, 'type' | 'manageType'>): string {
  return (provider.type ?? provider.manageType) === 'oidc10_rp' ? 'relyingParty' : 'serviceProvider';
}
