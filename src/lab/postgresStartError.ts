/**
 * The embedded PostgreSQL could not start: `reason` says what failed, `hint` what a person can
 * do about it. `leaseline lab` prints the two as one sentence (exit 2).
 */
export class PostgresStartError extends Error {
  constructor(
    readonly reason: string,
    readonly hint: string,
  ) {
    super(`${reason}; ${hint}`);
  }
}

/** What to do when no embedded server can start here, whatever the reason. */
export const USE_OWN_SERVER = 'pass --db postgres://USER:PASSWORD@HOST:PORT/DB to use a PostgreSQL server of your own';
