/**
 * Where a reply meets its process, written once for every kind of reply (a request's, a
 * timeout, a keep-alive's outcome): dropped when the process went down or was restarted since
 * it sent the request, held in its inbox while it is paused (`heldReplies.ts` hands it over on
 * resume), else carried out now by the caller.
 */
import type { HeldReply, ReplicaProcess } from './replicaProcess';

/** True when the process takes `held` now; else it was dropped or kept in the inbox. */
export function reachesNow(
  process: Pick<ReplicaProcess, 'proc' | 'incarnation' | 'inbox'>,
  incarnation: number,
  held: HeldReply,
): boolean {
  if (process.proc === 'down' || process.incarnation !== incarnation) return false;
  if (process.proc === 'paused') {
    process.inbox.push(held);
    return false;
  }
  return true;
}
