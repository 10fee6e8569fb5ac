/**
 * The `outbox` job as a `Job`: the relay (`outboxRelay.ts`) reuses the replica machine (claim =
 * LOAD, publish = WRITE, commit = MARK_DONE) over its own table (`outboxTable.ts`). Its work is
 * done when every row is published and committed as sent; it has no "night done" record.
 */
import type { OutboxView } from '../../serviceHistory';
import type { Job } from '../job';
import { times } from '../words';
import { claimRows, commitClaim, continueClaim, publishRow, relayDown, rollbackClaim } from './outboxRelay';
import { newOutboxTable, type OutboxStep, type OutboxTable } from './outboxTable';

export const outboxJob: Job<OutboxTable, OutboxStep> = {
  createState: (scenario) => newOutboxTable(scenario.job.items.length, scenario.replicas.length),
  // The claim may wait on row locks (FOR UPDATE): its reply can come later.
  load: (sim, table, process, pending) => claimRows(sim, table, process, pending),
  write: (sim, _table, _process, itemIndex, _token, record) => publishRow(sim, itemIndex, record),
  markDone: (sim, table, process) => commitClaim(sim, table, process),
  step: (sim, table, step, answer) => {
    if (step.kind === 'rollback') {
      rollbackClaim(sim, table, step.transaction);
      return;
    }
    // One after another, each answered before the next scans (`continueClaim`).
    for (const claim of step.claims) {
      const reply = continueClaim(sim, table, claim);
      if (reply) answer(claim.reply, reply);
    }
  },
  replicaDown: (sim, table, process) => relayDown(sim, table, process),
  duplicateUnit: 'row',
  workLeft: (sim, table) => {
    const left = table.sent.filter((sent) => !sent).length;
    return left === 0 ? null : { left, total: sim.scenario.job.items.length };
  },
  recordsEveryStep: true,
  serviceView: (_sim, table) => {
    const rows = table.sent.map((sent, row) => {
      const by = table.lockedBy[row] ?? null;
      return { state: sent ? ('sent' as const) : by !== null ? ('claimed' as const) : ('unsent' as const), by };
    });
    const view: OutboxView = { kind: 'outbox', rows };
    return view;
  },
  lint: () => [],
  words: {
    itemName: (id) => `row ${id}`,
    safeSummary: 'no outbox row published twice',
    doneTimes: (id, count) => `outbox row ${id} published ${times(count)}`,
    missedText: (left, total) =>
      `not every row published: ${left} of ${total} outbox rows still unsent and no relay is working on them`,
  },
};
