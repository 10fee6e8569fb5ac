/**
 * The inbox's dispatcher: a reply held while its process was paused is data (`HeldReply`), and
 * on resume this hands it to the code that carries it out, as it would have run at arrival.
 */

import type { HeldReply, ReplicaProcess } from './replicaProcess';
import { heldReplyArrives, timedOut } from './requestExecution';
import { extendAnswered, sessionKeepAliveAnswered } from './services/shedlock/keepAlive';
import type { Simulation } from './simulation';

export function deliverHeld(sim: Simulation, process: ReplicaProcess, held: HeldReply): void {
  switch (held.kind) {
    case 'reply':
      heldReplyArrives(sim, process, held);
      return;
    case 'timeout':
      timedOut(sim, process, held);
      return;
    case 'keepAlive':
      extendAnswered(sim, process, held);
      return;
    case 'consensusKeepAlive':
      sessionKeepAliveAnswered(sim, process, held);
      return;
  }
}
