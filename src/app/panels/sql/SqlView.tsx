import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trace } from '../../../sim/trace';
import { WriteResultMark } from '../../components/Marks';
import { writeStatements } from './writeStatements';

interface SqlViewProps {
  readonly trace: Trace;
  /** The write whose SQL to show (`trace.writes[writeId]`); null: none chosen. */
  readonly writeId: number | null;
}

/**
 * What a storage decision stands for: the statements of one write with the rows each matched,
 * e.g. `UPDATE recon_fence SET last_token = 7 ... AND last_token <= 7  -- 0 rows: stale`. The
 * SQL is code and stays in English; the comments after `--` are translated.
 */
export function SqlView({ trace, writeId }: SqlViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const write = writeId === null ? undefined : trace.writes[writeId];
  const lines = useMemo(() => (writeId === null ? [] : writeStatements(trace, writeId)), [trace, writeId]);
  if (write === undefined) {
    return (
      <section className="panels-section panels-sql" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('panels.sql.title')}</h2>
        <p className="panels-empty">{t('panels.sql.empty')}</p>
      </section>
    );
  }
  const text = lines
    .map((line) => {
      const note = t(`panels.sql.note.${line.note}`);
      const comment = line.rows === null ? note : t('panels.sql.rows', { count: line.rows, note });
      return `${line.sql}  -- ${comment}`;
    })
    .join('\n');
  return (
    <section className="panels-section panels-sql" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('panels.sql.heading', {
          replica: write.replica,
          order: write.order,
          token: write.token ?? t('panels.sql.noToken'),
        })}{' '}
        <WriteResultMark result={write.result} />
      </h2>
      <pre className="panels-sql-text">
        <code>{text}</code>
      </pre>
    </section>
  );
}
