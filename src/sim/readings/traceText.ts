/**
 * A trace as plain text, one line per entry: true time, node, the node's own clock, what
 * happened. Golden files hold this form so a reviewer can read a changed night like a diff of
 * a log. Pure.
 */
import { formatDurationMs } from '../../model/duration';
import { formatTimeOfNightMs } from '../../model/timeOfNight';
import { renderSql } from '../sqlStatement';
import type { Trace, TraceEntry } from '../trace';
import { describeViolation } from './describeViolation';

export function renderTraceText(trace: Trace): string {
  const lines = trace.entries.map((entry) => {
    const local = entry.localMs === entry.atMs ? '' : ` (local ${formatTimeOfNightMs(entry.localMs)})`;
    return `${formatTimeOfNightMs(entry.atMs)} ${entry.node.padEnd(3)}${local} ${describeEntry(entry, trace)}`;
  });
  for (const violation of trace.violations) {
    lines.push(
      `${formatTimeOfNightMs(violation.atMs)} ${violation.invariant}  ${describeViolation(violation.message)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function describeEntry(entry: TraceEntry, trace: Trace): string {
  switch (entry.kind) {
    case 'activity':
      return `${entry.from} -> ${entry.to}`;
    case 'process':
      return `process ${entry.state} (${entry.cause})`;
    case 'trigger':
      return `${entry.source} trigger due ${formatTimeOfNightMs(entry.dueLocalMs)}${entry.ignored ? ' ignored' : ''}`;
    case 'send':
      return `send #${entry.messageId} ${entry.request} -> ${entry.to}, arrives ${formatTimeOfNightMs(entry.arriveMs)}`;
    case 'sql':
      return `[${entry.replica ?? 'operator'}${entry.messageId === null ? '' : ` #${entry.messageId}`}] ${renderSql(entry.statement)} -- ${entry.rows} row${entry.rows === 1 ? '' : 's'}: ${entry.note}`;
    case 'sqlWait':
      return `[${entry.replica}] ${renderSql(entry.statement)} -- waits: row ${entry.row} is locked by ${entry.holder}`;
    case 'timeout':
      return `timeout #${entry.messageId} ${entry.request}: no reply (partition)`;
    case 'reply':
      return `reply #${entry.messageId} ${entry.request}${entry.buffered ? ' (held while paused)' : ''}`;
    case 'grant':
      return entry.untilClockMs === null
        ? `GRANT ${entry.replica} token ${entry.token ?? '-'}, no expiry`
        : `GRANT ${entry.replica} token ${entry.token ?? '-'} until ${formatTimeOfNightMs(entry.untilClockMs)} on ${entry.clockNode}'s clock`;
    case 'tokenMinted':
      return `token ${entry.token} minted for ${entry.replica}`;
    case 'lockRow':
      return `shedlock row: lock_until ${formatTimeOfNightMs(entry.row.lockUntilMs)}, locked_at ${formatTimeOfNightMs(entry.row.lockedAtMs)}, locked_by ${entry.row.lockedBy}${entry.row.fencingToken === null ? '' : `, fencing_token ${entry.row.fencingToken}`}`;
    case 'fence':
      return `recon_fence.last_token = ${entry.lastToken}`;
    case 'write': {
      const write = trace.writes[entry.writeId];
      return write
        ? `WRITE ${write.replica} #${write.order} token ${write.token ?? '-'}: ${write.result.toUpperCase()}`
        : 'WRITE ?';
    }
    case 'keepAlive':
      return `keep-alive ${entry.outcome}`;
    case 'clockJump':
      return `clock jumps by ${formatDurationMs(entry.byMs)}`;
    case 'redisNode':
      return entry.state === 'primaryDown' ? 'Redis primary down' : 'Redis replica promoted to primary';
    case 'note':
      return entry.text.key === 'claimsWokeTogether'
        ? `note ${entry.text.key}: ${entry.text.sessions.join(', ')} woke on one commit waiting on different rows; PostgreSQL serves them in no set order, this night runs them in the order they began waiting`
        : `note ${entry.text.key}`;
  }
}
