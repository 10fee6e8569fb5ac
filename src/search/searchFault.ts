/**
 * A fault as the search holds it while generating and shrinking: numbers and indices, never
 * text, so candidates are cheap to make and compare. `faultEvents` turns one into the
 * events of a scenario file (docs/scenario-format.md `events[]`). Times are true ms of the night; replica,
 * order and node are indices into the night's lists (`SearchSpace`). Pure.
 */
import { formatDurationMs } from '../model/duration';
import type { EventDocument } from '../model/scenarioSchema';
import { formatTimeOfNightShort } from '../model/timeOfNight';

export type SearchFault =
  | { readonly kind: 'pause'; readonly replica: number; readonly atMs: number; readonly forMs: number }
  | { readonly kind: 'pauseBeforeWrite'; readonly replica: number; readonly order: number; readonly forMs: number }
  | {
      readonly kind: 'crash';
      readonly replica: number;
      readonly atMs: number;
      /** When the process comes back, counted from the crash; null: it stays down. */
      readonly restartAfterMs: number | null;
    }
  | { readonly kind: 'clockJump'; readonly node: number; readonly atMs: number; readonly byMs: number }
  | { readonly kind: 'delayWrite'; readonly replica: number; readonly order: number; readonly byMs: number }
  | {
      readonly kind: 'partition' | 'starveRenewer';
      readonly replica: number;
      readonly fromMs: number;
      readonly lengthMs: number;
    }
  | { readonly kind: 'redisFailover'; readonly atMs: number }
  | { readonly kind: 'killSession'; readonly replica: number; readonly atMs: number }
  | { readonly kind: 'expireLock'; readonly atMs: number };

/** A night's added faults, in the order they are written to the file. */
export type SearchNight = readonly SearchFault[];

/** The names behind a fault's indices. */
export interface FaultNames {
  readonly replicaIds: readonly string[];
  readonly orders: readonly number[];
  /** Clock nodes: the replicas' ids, then `db`, then `redis` when the lock is Redis. */
  readonly clockNodes: readonly string[];
}

/** How many file events a fault becomes: a crash with a restart is two. */
export function eventCountOf(fault: SearchFault): number {
  return fault.kind === 'crash' && fault.restartAfterMs !== null ? 2 : 1;
}

/** The file events of one fault, without ids or labels (the caller names them). */
export function faultEvents(fault: SearchFault, names: FaultNames): EventDocument[] {
  const time = formatTimeOfNightShort;
  const span = formatDurationMs;
  const replica = 'replica' in fault ? nameAt(names.replicaIds, fault.replica) : '';
  switch (fault.kind) {
    case 'pause':
      return [{ type: 'pause', replica, at: time(fault.atMs), for: span(fault.forMs) }];
    case 'pauseBeforeWrite':
      return [{ type: 'pauseBeforeWrite', replica, order: nameAt(names.orders, fault.order), for: span(fault.forMs) }];
    case 'crash':
      return [
        { type: 'crash', replica, at: time(fault.atMs) },
        ...(fault.restartAfterMs === null
          ? []
          : [{ type: 'restart' as const, replica, at: time(fault.atMs + fault.restartAfterMs) }]),
      ];
    case 'clockJump':
      return [
        { type: 'clockJump', node: nameAt(names.clockNodes, fault.node), at: time(fault.atMs), by: span(fault.byMs) },
      ];
    case 'delayWrite':
      return [{ type: 'delayWrite', replica, order: nameAt(names.orders, fault.order), by: span(fault.byMs) }];
    case 'partition':
    case 'starveRenewer':
      return [{ type: fault.kind, replica, from: time(fault.fromMs), to: time(fault.fromMs + fault.lengthMs) }];
    case 'redisFailover':
      return [{ type: 'redisFailover', at: time(fault.atMs) }];
    case 'killSession':
      return [{ type: 'killSession', replica, at: time(fault.atMs) }];
    case 'expireLock':
      return [{ type: 'expireLock', at: time(fault.atMs) }];
  }
}

function nameAt<T>(list: readonly T[], index: number): T {
  const name = list[index];
  if (name === undefined) throw new RangeError(`index ${index} is outside a list of ${list.length}`);
  return name;
}
