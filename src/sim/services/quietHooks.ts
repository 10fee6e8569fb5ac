/**
 * The `LockService` hooks of a service that has nothing to do there: no client on a process,
 * no state of its own, no timers or held replies, no nodes with clocks, no user events it
 * carries out, the database's clock, the token minted at the grant. A service spreads these
 * first and writes out only the hooks it uses, so what a kind does differently stands out.
 */
import type { LockService } from './lockService';

type QuietHook =
  | 'answerHeard'
  | 'granted'
  | 'runEnded'
  | 'resumeTimer'
  | 'heldReply'
  | 'createState'
  | 'createClient'
  | 'nightStarted'
  | 'clockNodes'
  | 'nightEnded'
  | 'eventPayload'
  | 'readsReplicaClock'
  | 'mintsTokenAfterLoad'
  | 'refusedEvents';

export const QUIET_HOOKS = {
  answerHeard: () => {},
  granted: () => {},
  runEnded: () => {},
  resumeTimer: () => {},
  heldReply: () => {},
  createState: () => null,
  createClient: () => null,
  nightStarted: () => {},
  clockNodes: [],
  nightEnded: () => {},
  eventPayload: () => null,
  readsReplicaClock: () => false,
  mintsTokenAfterLoad: () => false,
  refusedEvents: () => [],
} as const satisfies Pick<LockService, QuietHook>;
