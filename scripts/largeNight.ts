/**
 * The benchmark's large night: 9 replicas, a 12-hour window, polls every 60 s, 50 pauses
 * spread over the replicas, ShedLock with tokens and per-job fencing. Deterministic.
 */
const REPLICA_IDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];

export function largeNightDocument(): Record<string, unknown> {
  const replicas = REPLICA_IDS.map((id, index) => ({
    id,
    host: `orders-${index}`,
    trigger: { at: '02:00:00', every: '60s', phase: `${(index * 6) % 60}s` },
  }));
  const events = Array.from({ length: 50 }, (_, index) => {
    const minute = 1 + index * 13;
    const hh = String(2 + Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    return {
      type: 'pause',
      replica: REPLICA_IDS[index % REPLICA_IDS.length],
      at: `${hh}:${mm}:30`,
      for: `${1 + (index % 7)}m`,
    };
  });
  return {
    format: 'leaseline/scenario',
    version: 1,
    title: 'Large night: 9 replicas, 12 hours, polls every minute, 50 pauses',
    window: { from: '02:00:00', to: '14:00:00' },
    replicas,
    job: { kind: 'reconcile', skipIfDone: false },
    lock: { kind: 'shedlock', lockAtMostFor: '5m', lockAtLeastFor: '1m', time: 'db', token: true },
    storage: { fencing: 'job' },
    events,
  };
}
