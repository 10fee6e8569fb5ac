/**
 * A lock service's new grant, recorded the same way for every kind so invariants and the
 * timeline see them alike: appended to the grants, made the current one, logged on `db`.
 */
import type { ReplicaProcess } from './replicaProcess';
import type { Simulation } from './simulation';

export interface NewGrant {
  readonly token: number | null;
  readonly untilClockMs: number;
  readonly clockNode: string;
  readonly expires: boolean;
}

/** The part of the simulation a grant is recorded in (a service's fake context provides it). */
export type GrantLog = Pick<Simulation, 'grants' | 'nowMs' | 'rowGrantId' | 'log'>;

export function recordGrant(sim: GrantLog, process: Pick<ReplicaProcess, 'id'>, grant: NewGrant): void {
  const grantId = sim.grants.length;
  sim.grants.push({
    grantId,
    replica: process.id,
    token: grant.token,
    tokenMs: grant.token === null ? null : sim.nowMs,
    grantMs: sim.nowMs,
    untilClockMs: grant.untilClockMs,
    expires: grant.expires,
    clockNode: grant.clockNode,
    endMs: null,
    endReason: null,
    intendedEndMs: 0,
  });
  sim.rowGrantId = grantId;
  sim.log('db', {
    kind: 'grant',
    grantId,
    replica: process.id,
    token: grant.token,
    untilClockMs: grant.expires ? grant.untilClockMs : null,
    clockNode: grant.clockNode,
  });
}
