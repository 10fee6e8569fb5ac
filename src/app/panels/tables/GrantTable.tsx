import { useTranslation } from 'react-i18next';
import { formatTimeOfNightMs } from '../../../model/timeOfNight';
import type { GrantRecord } from '../../../sim/trace';
import { validUntilMs } from '../../../timeline/leases';
import { type Column, DataTable } from '../../components/DataTable';

/** What ended a grant, as the table words it (`null`: it lasted past the window). */
type EndWord = NonNullable<GrantRecord['endReason']> | 'held';

function endWord(grant: GrantRecord, nightEndMs: number): EndWord {
  if (grant.endReason !== null) return grant.endReason;
  if (!grant.expires) return 'held';
  return grant.intendedEndMs < nightEndMs ? 'expired' : 'held';
}

/**
 * Who held the lock when, as a text table beside the chart (the lock lane in words): each
 * grant's holder and token, when it was granted, until when it was valid and what ended it.
 * With the events and the outcome tables it tells a screen-reader user the night's story.
 */
export function GrantTable({
  grants,
  nightEndMs,
}: {
  readonly grants: readonly GrantRecord[];
  readonly nightEndMs: number;
}) {
  const { t } = useTranslation();
  const columns: readonly Column<GrantRecord>[] = [
    { header: t('panels.grants.col.holder'), cell: (grant) => grant.replica },
    {
      header: t('panels.grants.col.token'),
      cell: (grant) => (grant.token === null ? t('panels.grants.noToken') : String(grant.token)),
    },
    { header: t('panels.grants.col.granted'), cell: (grant) => formatTimeOfNightMs(grant.grantMs) },
    {
      header: t('panels.grants.col.validUntil'),
      cell: (grant) => {
        const untilMs = validUntilMs(grant);
        return !grant.expires && grant.endMs === null ? t('panels.grants.noExpiry') : formatTimeOfNightMs(untilMs);
      },
    },
    { header: t('panels.grants.col.ended'), cell: (grant) => t(`panels.grants.end.${endWord(grant, nightEndMs)}`) },
  ];
  return (
    <DataTable
      id="panels-grants"
      title={t('panels.grants.title')}
      caption={t('panels.grants.caption')}
      empty={t('panels.grants.empty')}
      columns={columns}
      rows={grants}
      rowKey={(grant) => String(grant.grantId)}
    />
  );
}
