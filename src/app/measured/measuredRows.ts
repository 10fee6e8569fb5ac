/**
 * One row per replica of a night's report (measured or simulated): its grants as spans, its
 * writes with their result, its pauses. Pure; both bands of the measured-night chart use it.
 */
import { measuredTimeMs } from '../../model/measuredNight';

interface ReportLike {
  readonly grants: readonly {
    readonly replica: string;
    readonly token: number | null;
    readonly at: string;
    readonly until: string | null;
  }[];
  readonly writes: readonly {
    readonly replica: string;
    readonly order: number;
    readonly at: string;
    readonly result: string;
  }[];
}

export interface PauseSpan {
  readonly replica: string;
  readonly fromMs: number;
  readonly toMs: number;
}

export interface NightRow {
  readonly replica: string;
  readonly grants: readonly { readonly token: number | null; readonly atMs: number; readonly untilMs: number }[];
  readonly writes: readonly { readonly order: number; readonly atMs: number; readonly result: string }[];
  readonly pauses: readonly PauseSpan[];
}

export type NightRows = readonly NightRow[];

export function nightRows(report: ReportLike, pauses: readonly PauseSpan[], replicaIds: readonly string[]): NightRows {
  const ids = [...replicaIds];
  for (const grant of report.grants) if (!ids.includes(grant.replica)) ids.push(grant.replica);
  return ids.map((replica) => ({
    replica,
    grants: report.grants
      .filter((grant) => grant.replica === replica)
      .map((grant) => {
        const atMs = measuredTimeMs(grant.at);
        return { token: grant.token, atMs, untilMs: grant.until === null ? atMs : measuredTimeMs(grant.until) };
      }),
    writes: report.writes
      .filter((write) => write.replica === replica)
      .map((write) => ({ order: write.order, atMs: measuredTimeMs(write.at), result: write.result })),
    pauses: pauses.filter((pause) => pause.replica === replica),
  }));
}
