import type { Role } from 'shared-auth';

type Language = 'en' | 'nl';

function localized(map: Record<string, unknown>, field: string, language: Language): string | null {
  const other = language === 'en' ? 'nl' : 'en';
  const value = map[`${field}:${language}`] ?? map[`${field}:${other}`];
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * Spec §3: a role's applications as "name (organisation)", in the current language with the other as
 * fallback; several applications joined by commas.
 */
export function roleApplicationName(role: Pick<Role, 'applicationMaps'>, language: string): string {
  const lang: Language = language === 'nl' ? 'nl' : 'en';
  return (role.applicationMaps ?? [])
    .filter((map) => !map.unknown)
    .map((map) => {
      const record = map as unknown as Record<string, unknown>;
      const name = localized(record, 'name', lang);
      const organisation = localized(record, 'OrganizationName', lang);
      if (!name) return null;
      return organisation ? `${name} (${organisation})` : name;
    })
    .filter((name): name is string => name !== null)
    .join(', ');
}
