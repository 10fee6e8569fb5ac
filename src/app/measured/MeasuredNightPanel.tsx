import { useTranslation } from 'react-i18next';
import { type MeasuredNight, measuredLockOf, measuredTimeMs } from '../../model/measuredNight';
import { formatTimeOfNightShort } from '../../model/timeOfNight';
import { compareNights } from '../../sim/readings/compareMeasured';
import { addEnglishText } from '../i18n';
import enMeasured from '../i18n/en.measured.json';
import type { Night } from '../state/night';
import { agreementSentences } from './agreementText';
import { MeasuredTables } from './MeasuredTables';
import { type NightRows, nightRows } from './measuredRows';

// This view's English text comes with its chunk (i18n/index.ts), added before it can render.
addEnglishText(enMeasured);

const LABEL_WIDTH = 250;
const RIGHT_MARGIN = 40;
/** At most this many time labels under the chart; ticks between them stay as lines. */
const LABELS_MAX = 8;
const ROW_HEIGHT = 22;
const BAND_GAP = 30;
const CHART_WIDTH = 1000;

type MeasuredLock = ReturnType<typeof measuredLockOf>;

/** The heading says the lock service the night was measured on (a file without one: PostgreSQL). */
function headingKey(lock: MeasuredLock) {
  if (lock.service === 'redis')
    return lock.failover ? ('measured.headingRedisFailover' as const) : ('measured.headingRedis' as const);
  return lock.service === 'etcd' ? ('measured.headingEtcd' as const) : ('measured.heading' as const);
}

function bandKey(lock: MeasuredLock) {
  if (lock.service === 'redis') return 'measured.bandMeasuredRedis' as const;
  return lock.service === 'etcd' ? ('measured.bandMeasuredEtcd' as const) : ('measured.bandMeasured' as const);
}

/**
 * A night `leaseline lab --out` measured on PostgreSQL, Redis or etcd, drawn above the simulated night of
 * the same configuration on one time axis (grants as bars with their token, writes as ✓ or ✕,
 * the SIGSTOP pause hatched), with sentences saying where the two agree and where they differ.
 */
export function MeasuredNightPanel({
  measured,
  night,
}: {
  readonly measured: MeasuredNight;
  readonly night: Extract<Night, { kind: 'ok' }>;
}) {
  const { t } = useTranslation();
  const report = measured.report;
  const comparison = compareNights(report, night.report);
  const replicaIds = night.scenario.replicas.map((replica) => replica.id);
  const simulatedPauses = night.scenario.events.flatMap((event) =>
    event.type === 'pause' ? [{ replica: event.replica, fromMs: event.atMs, toMs: event.atMs + event.forMs }] : [],
  );
  const bands: { key: 'measured' | 'simulated'; rows: NightRows }[] = [
    {
      key: 'measured',
      rows: nightRows(
        report,
        report.pauses.map((pause) => ({
          replica: pause.replica,
          fromMs: measuredTimeMs(pause.from),
          toMs: pause.to === null ? night.scenario.windowToMs : measuredTimeMs(pause.to),
        })),
        replicaIds,
      ),
    },
    { key: 'simulated', rows: nightRows(night.report, simulatedPauses, replicaIds) },
  ];
  const fromMs = night.scenario.windowFromMs;
  const toMs = Math.max(fromMs + 1, night.scenario.windowToMs);
  const x = (ms: number) =>
    LABEL_WIDTH +
    ((Math.min(Math.max(ms, fromMs), toMs) - fromMs) / (toMs - fromMs)) * (CHART_WIDTH - LABEL_WIDTH - RIGHT_MARGIN);
  const bandHeight = (replicaIds.length + 1) * ROW_HEIGHT;
  const height = 2 * bandHeight + BAND_GAP + 24;
  const ticks: number[] = [];
  for (let tick = Math.ceil(fromMs / 60_000) * 60_000; tick <= toMs; tick += 60_000) ticks.push(tick);
  const labelEvery = Math.max(1, Math.ceil(ticks.length / LABELS_MAX));
  return (
    <section aria-labelledby="measured-heading" className="panel measured-night" data-testid="measured-night">
      <h2 id="measured-heading">{t(headingKey(measuredLockOf(measured)))}</h2>
      <p className="measured-source">
        {t('measured.source', { database: report.database.split(',')[0], worker: report.worker, scale: report.scale })}
      </p>
      <div className="measured-agreement" data-testid="measured-agreement">
        {agreementSentences(t, comparison).map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </div>
      <svg
        className="measured-chart"
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        role="img"
        aria-labelledby="measured-chart-title"
      >
        <title id="measured-chart-title">{t('measured.chartTitle')}</title>
        <defs>
          <pattern id="measured-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="6" className="measured-hatch-line" />
          </pattern>
        </defs>
        {bands.map((band, bandIndex) => {
          const top = bandIndex * (bandHeight + BAND_GAP);
          return (
            <g key={band.key} data-testid={`measured-band-${band.key}`}>
              <text x={0} y={top + 15} className="measured-band-title">
                {t(band.key === 'measured' ? bandKey(measuredLockOf(measured)) : 'measured.bandSimulated')}
              </text>
              {band.rows.map((row, rowIndex) => {
                const y = top + (rowIndex + 1) * ROW_HEIGHT;
                return (
                  <g key={row.replica}>
                    <text x={12} y={y + 15} className="measured-row-label">
                      {row.replica}
                    </text>
                    {row.pauses.map((pause) => (
                      <rect
                        key={`p${pause.fromMs}`}
                        x={x(pause.fromMs)}
                        y={y + 2}
                        width={Math.max(1, x(pause.toMs) - x(pause.fromMs))}
                        height={ROW_HEIGHT - 4}
                        className="measured-pause"
                        fill="url(#measured-hatch)"
                      />
                    ))}
                    {row.grants.map((grant) => (
                      <g key={`g${grant.atMs}`}>
                        <rect
                          x={x(grant.atMs)}
                          y={y + 6}
                          width={Math.max(2, x(grant.untilMs) - x(grant.atMs))}
                          height={ROW_HEIGHT - 12}
                          className="measured-grant"
                        />
                        <text x={x(grant.atMs) + 3} y={y + 4} className="measured-token">
                          {grant.token === null ? '' : t('measured.token', { token: grant.token })}
                        </text>
                      </g>
                    ))}
                    {row.writes.map((write) => (
                      <text
                        key={`w${write.atMs}-${write.order}`}
                        x={x(write.atMs)}
                        y={y + 16}
                        textAnchor="middle"
                        className={
                          write.result === 'accepted' ? 'measured-write' : 'measured-write measured-write-rejected'
                        }
                      >
                        {write.result === 'accepted' ? '✓' : '✕'}
                      </text>
                    ))}
                  </g>
                );
              })}
            </g>
          );
        })}
        {ticks.map((tick, index) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={0} y2={height - 20} className="measured-tick" />
            {index % labelEvery === 0 ? (
              <text x={x(tick)} y={height - 6} textAnchor="middle" className="measured-tick-label">
                {formatTimeOfNightShort(tick)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <p className="measured-legend">{t('measured.legend')}</p>
      <MeasuredTables measured={measured} />
    </section>
  );
}
