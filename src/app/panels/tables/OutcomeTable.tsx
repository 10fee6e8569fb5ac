import { useTranslation } from 'react-i18next';
import type { ResolvedJob } from '../../../model/resolvedScenario';
import type { CheckReport, ReportWrite } from '../../../sim/readings/checkReportTypes';
import { type Column, DataTable } from '../../components/DataTable';
import { WriteResultMark } from '../../components/Marks';

interface OrderOutcome {
  readonly order: number;
  readonly writes: readonly ReportWrite[];
  /** Accepted writes: how many times the order took effect. */
  readonly applied: number;
}

/** Pure: the report's writes grouped by order, in order of first write. */
export function outcomesByOrder(report: CheckReport): OrderOutcome[] {
  const byOrder = new Map<number, ReportWrite[]>();
  for (const write of report.writes) {
    const list = byOrder.get(write.order) ?? [];
    list.push(write);
    byOrder.set(write.order, list);
  }
  return [...byOrder].map(([order, writes]) => ({
    order,
    writes,
    applied: writes.filter((write) => write.result === 'accepted').length,
  }));
}

/**
 * The outcome of the night per order, as a text table beside the chart: every write of the
 * order with its token and what storage decided, and how many times it took effect. An order
 * applied more than once is flagged with a symbol and words.
 */
export function OutcomeTable({
  report,
  jobKind = 'reconcile',
}: {
  readonly report: CheckReport;
  /** What the job writes: the table speaks of orders, outbox rows, the email or expired rows. */
  readonly jobKind?: ResolvedJob['kind'];
}) {
  const { t } = useTranslation();
  // i18next's context: `title_outbox` etc., falling back to the reconciliation's words.
  const context = jobKind === 'reconcile' ? undefined : jobKind;
  const columns: readonly Column<OrderOutcome>[] = [
    {
      header: t('panels.outcome.col.order', { context }),
      cell: (row) => t('panels.outcome.order', { order: row.order }),
    },
    {
      header: t('panels.outcome.col.writes'),
      cell: (row) => (
        <ul className="panels-cell-list">
          {row.writes.map((write) => (
            <li key={`${write.replica}@${write.sentAt}`}>
              {t('panels.outcome.write', {
                replica: write.replica,
                token: write.token ?? t('panels.outcome.noToken'),
                at: write.at,
              })}{' '}
              <WriteResultMark result={write.result} />
            </li>
          ))}
        </ul>
      ),
    },
    {
      header: t('panels.outcome.col.applied'),
      cell: (row) => (
        <>
          {t('panels.outcome.applied', { count: row.applied })}
          {row.applied > 1 ? ' ' : null}
          {row.applied > 1 ? (
            <span className="flag">
              <span aria-hidden="true">▲ </span>
              {t('panels.outcome.doubleApplied')}
            </span>
          ) : null}
        </>
      ),
    },
  ];
  const rows = outcomesByOrder(report);
  return (
    <DataTable
      id="panels-outcome"
      title={t('panels.outcome.title', { context })}
      caption={t(report.safe ? 'panels.outcome.captionSafe' : 'panels.outcome.captionUnsafe', { context })}
      empty={t('panels.outcome.empty')}
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.order)}
      rowClassName={(row) => (row.applied > 1 ? 'row--flagged' : undefined)}
    />
  );
}
