/**
 * The mechanism lanes in words at one instant, for the readout at the playhead and screen
 * readers: what each coordination service held then (`Redis primary: lock key A:0, expires
 * 02:30:00.002, INCR counter 7`). Pure; the words come through `describe`.
 */
import type { ServiceChange, ServiceStream, ServiceView } from '../sim/serviceHistory';
import type { Describe } from './describeDefaults';
import { laneWordKey, streamsOf } from './serviceIntervals';
import { formatTime } from './timeText';

export interface ServiceStateText {
  readonly stream: ServiceStream;
  /** The lane's name, e.g. `Redis primary`. */
  readonly label: string;
  readonly text: string;
}

/** Pure: each mechanism lane's state at true time `ms` (its last change at or before it). */
export function serviceStatesAt(
  changes: readonly ServiceChange[],
  ms: number,
  describeText: Describe,
): ServiceStateText[] {
  const last = new Map<ServiceStream, ServiceView>();
  for (const change of changes) {
    if (change.atMs > ms) break;
    last.set(change.stream, change.view);
  }
  return streamsOf(changes).flatMap((stream) => {
    const view = last.get(stream);
    if (!view) return [];
    return [{ stream, label: describeText(laneWordKey(stream, view), {}), text: viewText(view, ms, describeText) }];
  });
}

function viewText(view: ServiceView, ms: number, describeText: Describe): string {
  switch (view.kind) {
    case 'redis': {
      if (!view.up) return describeText('serviceState.redisDown', {});
      const live = view.value !== null && (view.expireAtMs === null || view.expireAtMs > ms);
      const role = view.promoted ? describeText('serviceState.redisPromoted', {}) : '';
      return (
        (live
          ? describeText('serviceState.redisKey', {
              value: view.value ?? '',
              expires: view.expireAtMs === null ? '' : formatTime(view.expireAtMs),
              counter: view.counter,
            })
          : describeText('serviceState.redisNoKey', { counter: view.counter })) + role
      );
    }
    case 'lease':
      if (view.holder === '') return describeText('serviceState.leaseEmpty', { transitions: view.transitions });
      return describeText(
        view.renewedAtMs + view.leaseDurationMs > ms ? 'serviceState.lease' : 'serviceState.leaseStale',
        {
          holder: view.holder,
          renewed: formatTime(view.renewTimeMs),
          transitions: view.transitions,
        },
      );
    case 'keys':
      if (view.keys.length === 0) return describeText('serviceState.noKeys', {});
      return view.keys
        .map((key, index) =>
          describeText(index === 0 ? 'serviceState.keyHolds' : 'serviceState.keyWaits', {
            replica: key.replica,
            number: key.number,
            session: key.session,
          }),
        )
        .join(describeText('list.separator', {}));
    case 'outbox': {
      const counts = new Map<string, number>();
      for (const row of view.rows) {
        const word = row.state === 'claimed' ? `claimed:${row.by ?? ''}` : row.state;
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      return [...counts]
        .map(([word, count]) =>
          word.startsWith('claimed:')
            ? describeText('serviceState.rowsClaimed', { count, by: word.slice('claimed:'.length) })
            : describeText(word === 'sent' ? 'serviceState.rowsSent' : 'serviceState.rowsUnsent', { count }),
        )
        .join(describeText('list.separator', {}));
    }
    case 'digest':
      return describeText(view.recorded ? 'serviceState.digestRecorded' : 'serviceState.digestNotRecorded', {
        sent: view.sent,
      });
    case 'cleanup': {
      const deleted = view.deleted.filter(Boolean).length;
      return describeText('serviceState.cleanup', { deleted, left: view.deleted.length - deleted });
    }
  }
}
