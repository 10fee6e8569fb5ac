/**
 * The inbox's dispatcher: a reply held while its process was paused is data (`HeldReply`), and
 * on resume this hands it to the code that carries it out, as it would have run at arrival.
 */

import type { HeldReply, ReplicaProcess } from './replicaProcess';
import { heldReplyArrives, timedOut } from './requestExecution';
import { lockServiceOf } from './services/registry';
import type { Simulation } from './simulation';

export function deliverHeld(sim: Simulation, process: ReplicaProcess, held: HeldReply): void {
  switch (held.kind) {
    case 'reply':
      heldReplyArrives(sim, process, held);
      return;
    case 'timeout':
      timedOut(sim, process, held);
      return;
    case 'service': {
      // A keep-alive's outcome: the lock service's own reply.
      const lock = sim.scenario.lock;
      lockServiceOf(lock).heldReply(sim, process, held.payload, lock);
      return;
    }
  }
}
