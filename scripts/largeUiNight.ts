/**
 * The UI benchmark's big night: 9 replicas polling every minute for 40 minutes and 200
 * events (pauses, crashes and restarts, clock jumps, delayed writes), ShedLock with tokens
 * and per-job fencing. Deterministic.
 */
const IDS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];

const time = (seconds: number) => {
  const hh = String(Math.floor(seconds / 3600)).padStart(2, '0');
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}`;
};

export function largeUiNightDocument(): Record<string, unknown> {
  const startS = 2 * 3600;
  const events: Record<string, unknown>[] = [];
  for (let index = 0; index < 200; index++) {
    const replica = IDS[index % IDS.length];
    const atS = startS + 30 + index * 11;
    const kind = index % 5;
    if (kind === 0 || kind === 1)
      events.push({ type: 'pause', replica, at: time(atS), for: `${20 + (index % 7) * 10}s` });
    else if (kind === 2) events.push({ type: 'clockJump', node: replica, at: time(atS), by: `${(index % 3) - 1}s` });
    else if (kind === 3)
      events.push({ type: 'delayWrite', replica, order: 1001 + (index % 5), by: `${5 + (index % 4)}s` });
    else events.push({ type: 'trigger', replica, at: time(atS) });
  }
  return {
    format: 'leaseline/scenario',
    version: 1,
    title: 'Benchmark: 9 replicas, 200 events',
    window: { from: '02:00:00', to: '02:40:00' },
    replicas: IDS.map((id, index) => ({ id, trigger: { at: '02:00:00', every: '60s', phase: `${index * 5}s` } })),
    job: { skipIfDone: false },
    lock: { kind: 'shedlock', lockAtMostFor: '3m', lockAtLeastFor: '0s', token: true },
    storage: { fencing: 'job' },
    events,
  };
}
