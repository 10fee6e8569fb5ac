import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfNightMs, formatTimeOfNightShort } from '../../../model/timeOfNight';
import type { ProcState, Trace } from '../../../sim/trace';
import { serviceStatesAt } from '../../../timeline/serviceText';
import { describeTimeline } from '../../i18n';
import { type ReplicaAtPlayhead, stateAtPlayhead } from '../stateAtPlayhead';
import { stateName } from '../stateNames';

interface AtPlayheadProps {
  readonly trace: Trace;
  readonly playheadMs: number;
  /** The replicas to show, in lane order (normally `trace.replicaIds`). */
  readonly replicaIds: readonly string[];
  /**
   * Each replica's host (`locked_by` holds the host, `orders-0`, where the lanes say A), so the
   * lock row can name both; absent: the host alone.
   */
  readonly hosts?: readonly { readonly id: string; readonly host: string }[];
  /** `storage.lastToken` of the scenario: the fence row before any fence statement. */
  readonly initialLastToken: number;
  /** Whether the night's lock keeps a `shedlock` row (other kinds keep their lock elsewhere). */
  readonly showLockRow?: boolean;
  /**
   * Opens a replica's state machine: each machine state is then a button (the keyboard's way
   * to what a click on a lane name does), and the one pressed gets the focus back on close.
   */
  readonly onShowMachine?: (replicaId: string) => void;
}

// A shape per process state, so it never rests on colour alone.
const PROC_SYMBOL: Readonly<Record<ProcState, string>> = { up: '●', paused: '‖', down: '✕' };

/** The night at the playhead, as two compact tables: the replicas, then the database rows. */
export function AtPlayhead({
  trace,
  playheadMs,
  replicaIds,
  initialLastToken,
  showLockRow,
  hosts = [],
  onShowMachine,
}: AtPlayheadProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const state = useMemo(
    () => stateAtPlayhead(trace, playheadMs, initialLastToken),
    [trace, playheadMs, initialLastToken],
  );
  const services = useMemo(() => serviceStatesAt(trace.services, playheadMs, describeTimeline), [trace, playheadMs]);
  const byId = new Map(state.replicas.map((replica) => [replica.id, replica]));
  const row = state.lockRow;
  const none = t('panels.atPlayhead.null');
  const lockedByText = (host: string) => {
    const replica = hosts.find((candidate) => candidate.host === host)?.id;
    return replica === undefined ? host : t('panels.atPlayhead.lockedBy', { host, replica });
  };
  const activityText = (replica: ReplicaAtPlayhead | undefined) => {
    if (replica === undefined) return t('panels.atPlayhead.unknownReplica');
    return replica.activity === null ? t('panels.atPlayhead.noActivity') : stateName(t, replica.activity);
  };
  return (
    <section className="panels-section panels-at-playhead" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('panels.atPlayhead.heading', { time: formatTimeOfNightShort(playheadMs) })}</h2>
      <table className="panels-compact">
        <caption>{t('panels.atPlayhead.replicasCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('panels.atPlayhead.col.replica')}</th>
            <th scope="col">{t('panels.atPlayhead.col.process')}</th>
            <th scope="col">{t('panels.atPlayhead.col.activity')}</th>
          </tr>
        </thead>
        <tbody>
          {replicaIds.map((id) => {
            const replica = byId.get(id);
            const proc = replica?.proc ?? 'up';
            return (
              <tr key={id}>
                <th scope="row">{id}</th>
                <td className={`panels-proc panels-proc--${proc}`}>
                  <span aria-hidden="true">{PROC_SYMBOL[proc]} </span>
                  {t(`panels.proc.${proc}`)}
                </td>
                <td>
                  {onShowMachine ? (
                    <button
                      type="button"
                      className="panels-link-button"
                      data-statechart-opener={id}
                      aria-label={t('panels.atPlayhead.showMachine', { state: activityText(replica), replica: id })}
                      onClick={() => onShowMachine(id)}
                    >
                      {activityText(replica)}
                    </button>
                  ) : (
                    activityText(replica)
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table className="panels-compact">
        <caption>{t('panels.atPlayhead.rowsCaption')}</caption>
        <tbody>
          {showLockRow === false ? null : row === null ? (
            <tr>
              <th scope="row">
                {/* The table's name: an identifier, the same in every language, left to right. */}
                <bdi>shedlock</bdi>
              </th>
              <td>{t('panels.atPlayhead.noLockRow')}</td>
            </tr>
          ) : (
            <>
              <DbCell column="shedlock.lock_until" value={formatTimeOfNightMs(row.lockUntilMs)} />
              <DbCell column="shedlock.locked_by" value={lockedByText(row.lockedBy)} />
              <DbCell
                column="shedlock.fencing_token"
                value={row.fencingToken === null ? none : String(row.fencingToken)}
              />
            </>
          )}
          <DbCell column="recon_fence.last_token" value={String(state.lastToken)} />
        </tbody>
      </table>
      {services.length === 0 ? null : (
        <table className="panels-compact">
          <caption>{t('panels.atPlayhead.servicesCaption')}</caption>
          <tbody>
            {services.map((service) => (
              <tr key={service.stream}>
                <th scope="row">{service.label}</th>
                <td>{service.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** One column of a database row: its SQL name (code, not translated) and its value. */
function DbCell({ column, value }: { readonly column: string; readonly value: string }) {
  return (
    <tr>
      <th scope="row">
        <code>{column}</code>
      </th>
      <td className="numeric">{value}</td>
    </tr>
  );
}
