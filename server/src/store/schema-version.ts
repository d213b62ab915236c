/** One versioned schema change: applied once, in version order, inside a transaction of its own. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * An expand step (PostgreSQL, where two releases share a database during a rolling upgrade): the release before it
   * still runs correctly on the database after it. It is recorded apart from the versions every release checks, so that
   * release keeps starting; a step that older releases cannot run beside (a contract step) leaves this out.
   */
  expand?: true;
}

/** The versions a database records: those every release must know, and the expand steps older releases may ignore. */
export interface AppliedVersions {
  required: readonly number[];
  expanded: readonly number[];
}

/** A database migrated by a newer release than this one: starting on it could misread what that release wrote. */
export class NewerSchemaError extends Error {}

/**
 * The migrations still to apply, given the versions a database records. Refuses a database that requires a version this
 * release does not know (a newer release's contract step); a newer release's expand steps are ignored.
 */
export function pendingMigrations(migrations: readonly Migration[], applied: AppliedVersions): Migration[] {
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const newest = Math.max(0, ...applied.required);
  if (newest > known) {
    throw new NewerSchemaError(`the database has schema version ${newest}, newer than this release knows (${known}): run a release at least as new`);
  }
  const done = new Set([...applied.required, ...applied.expanded]);
  return migrations.filter((m) => !done.has(m.version));
}
