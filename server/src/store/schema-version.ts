/** One versioned schema change: applied once, in version order, inside a transaction of its own. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** A database migrated by a newer release than this one: starting on it could misread what that release wrote. */
export class NewerSchemaError extends Error {}

/**
 * The migrations still to apply, given the versions a database records. Refuses a database that records a version
 * this release does not know (a newer release migrated it), whichever the database kind.
 */
export function pendingMigrations(migrations: readonly Migration[], applied: readonly number[]): Migration[] {
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const newest = Math.max(0, ...applied);
  if (newest > known) {
    throw new NewerSchemaError(`the database has schema version ${newest}, newer than this release knows (${known}): run a release at least as new`);
  }
  const done = new Set(applied);
  return migrations.filter((m) => !done.has(m.version));
}
