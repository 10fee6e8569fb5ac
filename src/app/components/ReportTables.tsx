import { useTranslation } from 'react-i18next';
import type { CheckReport, ReportGrant, ReportRun, ReportViolation, ReportWrite } from '../../sim/checkReportTypes';
import { type Column, DataTable } from './DataTable';
import { RunOutcomeMark, WriteResultMark } from './Marks';

/** The four tables of a check report, in the order FORMAT.md lists them. */
export function ReportTables({ report }: { readonly report: CheckReport }) {
  return (
    <div className="report">
      <GrantsTable grants={report.grants} />
      <WritesTable writes={report.writes} doubled={new Set(report.doubleApplied.map(({ order }) => order))} />
      <RunsTable runs={report.runs} />
      <ViolationsTable violations={report.violations} />
    </div>
  );
}

function GrantsTable({ grants }: { readonly grants: readonly ReportGrant[] }) {
  const { t } = useTranslation();
  const columns: readonly Column<ReportGrant>[] = [
    { header: t('report.col.replica'), cell: (g) => g.replica },
    { header: t('report.col.token'), cell: (g) => g.token ?? t('report.noToken'), numeric: true },
    { header: t('report.col.grantedAt'), cell: (g) => g.at },
    { header: t('report.col.until'), cell: (g) => (g.until === null ? t('report.noUntil') : g.until) },
  ];
  return (
    <DataTable
      id="grants"
      title={t('report.grants')}
      caption={t('report.grantsCaption')}
      empty={t('report.grantsEmpty')}
      columns={columns}
      rows={grants}
      rowKey={(g) => `${g.replica}@${g.at}`}
    />
  );
}

interface WritesTableProps {
  readonly writes: readonly ReportWrite[];
  /** Orders applied more than once: their accepted writes are flagged. */
  readonly doubled: ReadonlySet<number>;
}

function WritesTable({ writes, doubled }: WritesTableProps) {
  const { t } = useTranslation();
  const flagged = (w: ReportWrite) => w.result === 'accepted' && doubled.has(w.order);
  const columns: readonly Column<ReportWrite>[] = [
    { header: t('report.col.replica'), cell: (w) => w.replica },
    {
      header: t('report.col.order'),
      cell: (w) => (
        <>
          {t('report.orderNumber', { order: w.order })}
          {flagged(w) ? (
            <span className="flag">
              <span aria-hidden="true">▲ </span>
              {t('report.doubleAppliedOrder')}
            </span>
          ) : null}
        </>
      ),
    },
    { header: t('report.col.token'), cell: (w) => w.token ?? t('report.noToken'), numeric: true },
    { header: t('report.col.sentAt'), cell: (w) => w.sentAt },
    { header: t('report.col.decidedAt'), cell: (w) => w.at },
    { header: t('report.col.result'), cell: (w) => <WriteResultMark result={w.result} /> },
  ];
  return (
    <DataTable
      id="writes"
      title={t('report.writes')}
      caption={t('report.writesCaption')}
      empty={t('report.writesEmpty')}
      columns={columns}
      rows={writes}
      rowKey={(w) => `${w.replica}:${w.order}@${w.sentAt}`}
      rowClassName={(w) => (flagged(w) ? 'row--flagged' : undefined)}
    />
  );
}

function RunsTable({ runs }: { readonly runs: readonly ReportRun[] }) {
  const { t } = useTranslation();
  const columns: readonly Column<ReportRun>[] = [
    { header: t('report.col.replica'), cell: (r) => r.replica },
    { header: t('report.col.token'), cell: (r) => r.token ?? t('report.noToken'), numeric: true },
    { header: t('report.col.start'), cell: (r) => r.start },
    { header: t('report.col.end'), cell: (r) => (r.end === null ? t('report.stillRunning') : r.end) },
    { header: t('report.col.outcome'), cell: (r) => <RunOutcomeMark outcome={r.outcome} /> },
  ];
  return (
    <DataTable
      id="runs"
      title={t('report.runs')}
      caption={t('report.runsCaption')}
      empty={t('report.runsEmpty')}
      columns={columns}
      rows={runs}
      rowKey={(r) => `${r.replica}@${r.start}`}
    />
  );
}

function ViolationsTable({ violations }: { readonly violations: readonly ReportViolation[] }) {
  const { t } = useTranslation();
  const columns: readonly Column<ReportViolation>[] = [
    {
      header: t('report.col.invariant'),
      cell: (v) => t('report.invariantName', { id: v.invariant, name: t(`invariant.${v.invariant}`) }),
    },
    { header: t('report.col.at'), cell: (v) => v.at },
    { header: t('report.col.message'), cell: (v) => v.message },
  ];
  return (
    <DataTable
      id="violations"
      title={t('report.violations')}
      caption={t('report.violationsCaption')}
      empty={t('report.violationsEmpty')}
      columns={columns}
      rows={violations}
      rowKey={(v) => `${v.invariant}@${v.at}:${v.message}`}
    />
  );
}
