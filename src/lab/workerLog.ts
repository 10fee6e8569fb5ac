/**
 * The built-in worker's statement log: one JSON object a line on its standard output, which
 * the harness reads. Times are the worker's clock (`Date.now()`, real milliseconds since the
 * epoch); the harness turns them into simulated time of night.
 */
import { z } from 'zod';

export const STATEMENT_KINDS = [
  'dueCheck',
  'acquire',
  'mintToken',
  'fence',
  'load',
  'begin',
  'writeFence',
  'insertLedger',
  'addToBalance',
  'commit',
  'rollback',
  'markDone',
  'unlock',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const OUTCOMES = ['done', 'notDone', 'granted', 'denied', 'ok', 'stale', 'accepted'] as const;
export type StatementOutcome = (typeof OUTCOMES)[number];

const statementLine = z.object({
  type: z.literal('statement'),
  replica: z.string(),
  sentT: z.number(),
  t: z.number(),
  kind: z.enum(STATEMENT_KINDS),
  sql: z.string(),
  values: z.array(z.union([z.string(), z.number(), z.null()])),
  rows: z.number().int().nonnegative(),
  outcome: z.enum(OUTCOMES),
  token: z.number().int().nullable().optional(),
  order: z.number().int().optional(),
});

const runLine = z.object({
  type: z.literal('run'),
  replica: z.string(),
  t: z.number(),
  outcome: z.enum(['done', 'aborted']),
  token: z.number().int().nullable(),
});

export const workerLogLine = z.discriminatedUnion('type', [statementLine, runLine]);
export type WorkerLogLine = z.infer<typeof workerLogLine>;
export type StatementLine = z.infer<typeof statementLine>;
export type RunLine = z.infer<typeof runLine>;

/** One line of a worker's output as a log entry, or null when it is not one (a stray print). */
export function parseWorkerLogLine(line: string): WorkerLogLine | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return null;
  try {
    const parsed = workerLogLine.safeParse(JSON.parse(trimmed));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
