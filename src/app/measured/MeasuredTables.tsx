import { useTranslation } from 'react-i18next';
import type { MeasuredNight } from '../../model/measuredNight';
import { type Column, DataTable } from '../components/DataTable';

type Statement = MeasuredNight['statements'][number];
type Write = MeasuredNight['report']['writes'][number];

/**
 * The measured night in words, folded under the chart: every write PostgreSQL committed or the
 * fence turned away, and the built-in worker's statements with what the database answered
 * (row count, outcome) and the SQL as sent with its bound values. Text only.
 */
export function MeasuredTables({ measured }: { readonly measured: MeasuredNight }) {
  const { t } = useTranslation();
  const writeColumns: readonly Column<Write>[] = [
    { header: t('measured.col.replica'), cell: (write) => write.replica },
    { header: t('measured.col.order'), cell: (write) => String(write.order), numeric: true },
    {
      header: t('measured.col.token'),
      cell: (write) => (write.token === null ? t('measured.noToken') : String(write.token)),
      numeric: true,
    },
    { header: t('measured.col.at'), cell: (write) => write.at },
    { header: t('measured.col.result'), cell: (write) => t(`measured.result.${write.result}`) },
  ];
  const statementColumns: readonly Column<Statement>[] = [
    { header: t('measured.col.at'), cell: (statement) => statement.at },
    { header: t('measured.col.replica'), cell: (statement) => statement.replica },
    { header: t('measured.col.kind'), cell: (statement) => statement.kind },
    { header: t('measured.col.rows'), cell: (statement) => String(statement.rows), numeric: true },
    { header: t('measured.col.outcome'), cell: (statement) => statement.outcome },
    {
      header: t('measured.col.sql'),
      cell: (statement) => (
        <code className="measured-sql">
          {statement.sql}
          {statement.values.length === 0 ? '' : `  -- ${JSON.stringify(statement.values)}`}
        </code>
      ),
    },
  ];
  return (
    <details className="measured-details">
      <summary>{t('measured.detailsSummary', { count: measured.statements.length })}</summary>
      <DataTable
        id="measured-writes"
        title={t('measured.writesTitle')}
        caption={t('measured.writesCaption')}
        empty={t('measured.writesEmpty')}
        columns={writeColumns}
        rows={measured.report.writes}
        rowKey={(write) => `${write.replica}-${write.order}-${write.at}`}
      />
      <DataTable
        id="measured-statements"
        title={t('measured.statementsTitle')}
        caption={t('measured.statementsCaption')}
        empty={t('measured.statementsEmpty')}
        columns={statementColumns}
        rows={measured.statements}
        rowKey={(statement) => `${statement.replica}-${statement.sentAt}-${statement.kind}`}
      />
    </details>
  );
}
