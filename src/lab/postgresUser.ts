/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user,
 * created when there is none. Not root: it runs as whoever we are.
 */
import { spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { PostgresStartError, USE_OWN_SERVER } from './postgresStartError';

export const POSTGRES_USER = 'postgres';

export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/**
 * The ids to run PostgreSQL as: null when we are not root. Creating the user tolerates a race
 * with another process doing the same (test files start servers in parallel on a fresh
 * machine): `groupadd -f`, and an `useradd` that finds the user there already is fine.
 */
export function postgresRunAs(): RunAs | null {
  if (userInfo().uid !== 0) return null;
  let ids = lookUp();
  if (ids !== null) return ids;
  spawnSync('groupadd', ['-f', POSTGRES_USER]);
  spawnSync('useradd', ['-g', POSTGRES_USER, POSTGRES_USER]);
  ids = lookUp();
  if (ids === null) {
    throw new PostgresStartError(
      `running as root, and there is no "${POSTGRES_USER}" user to run PostgreSQL as (groupadd/useradd could not create one)`,
      `create one (useradd ${POSTGRES_USER}), run as another user, or ${USE_OWN_SERVER}`,
    );
  }
  return ids;
}

function lookUp(): RunAs | null {
  const uid = spawnSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}
