import fs from 'node:fs';
import { MIGRATIONS_DIR } from './migrate.js';

/**
 * A migration is known by its whole file name (schema_migrations.name): renaming an applied one would run it
 * again on every existing database. So the two 004s stay as they are (databases made since 2026-11-23 hold
 * both, applied in name order: api_token_last_use, then audit_trail), and no other number may be taken twice.
 * See server/migrations/README.md.
 */
const KNOWN_SHARED_NUMBERS = { '004': ['004_api_token_last_use.sql', '004_audit_trail.sql'] };

function migrationFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+.*\.sql$/.test(f))
    .sort();
}

/** The numbers that more than one migration holds, with their files. */
function sharedNumbers(files: string[]): Record<string, string[]> {
  const byNumber = new Map<string, string[]>();
  for (const file of files) {
    const number = file.match(/^\d+/)![0];
    byNumber.set(number, [...(byNumber.get(number) ?? []), file]);
  }
  return Object.fromEntries([...byNumber].filter(([, names]) => names.length > 1));
}

describe('migration names', () => {
  it('take each number once, but for the two 004s that existing databases recorded under their names', () => {
    expect(sharedNumbers(migrationFiles(MIGRATIONS_DIR))).toEqual(KNOWN_SHARED_NUMBERS);
  });

  it('a new migration under a number already taken is refused', () => {
    expect(sharedNumbers(['001_init.sql', '035_a.sql', '035_b.sql'])).toEqual({
      '035': ['035_a.sql', '035_b.sql'],
    });
  });

  it('run the 004s in the order existing databases ran them', () => {
    const files = migrationFiles(MIGRATIONS_DIR);
    expect(files.indexOf('004_api_token_last_use.sql')).toBeLessThan(files.indexOf('004_audit_trail.sql'));
    expect(files.indexOf('004_audit_trail.sql')).toBeLessThan(files.indexOf('005_audit_event_index.sql'));
  });
});
