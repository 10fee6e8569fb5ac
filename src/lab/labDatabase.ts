/**
 * The lab's database: a fresh database for every run, on the embedded PostgreSQL (started for
 * this run) or on the server of `--db`. `dispose()` drops it, and stops and removes the
 * embedded server.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embeddedPostgres';

/** A failure that stops the lab before it can judge anything (exit 2), in one sentence. */
export class LabError extends Error {}

export interface LabDatabase {
  readonly url: string;
  readonly name: string;
  /** `PostgreSQL 18.4 on x86_64-pc-linux-gnu, ...` */
  readonly version: string;
  /** Real milliseconds the embedded server took to start; 0 with --db. */
  readonly startMs: number;
  readonly embedded: boolean;
  dispose(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 5000;

/** The URL with its password replaced by `***`, for messages. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function openLabDatabase(dbUrl: string | null): Promise<LabDatabase> {
  const name = `leaseline_lab_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let server: EmbeddedPostgres | null = null;
  let adminUrl: string;
  if (dbUrl === null) {
    try {
      server = await startEmbeddedPostgres();
    } catch (error) {
      throw new LabError(error instanceof Error ? error.message : String(error));
    }
    adminUrl = server.url;
  } else {
    adminUrl = dbUrl;
  }
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    await server?.stop();
    throw new LabError(`could not reach the database at ${maskUrl(adminUrl)}: ${messageOf(error)}`);
  }
  let version: string;
  try {
    version = String((await admin.query<{ v: string }>('SELECT version() AS v')).rows[0]?.v ?? 'PostgreSQL');
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    await server?.stop();
    throw new LabError(`could not create the lab's database on ${maskUrl(adminUrl)}: ${messageOf(error)}`);
  }
  await admin.end().catch(() => undefined);
  let disposed = false;
  return {
    url: withDatabase(adminUrl, name),
    name,
    version,
    startMs: server?.startMs ?? 0,
    embedded: server !== null,
    async dispose() {
      if (disposed) return;
      disposed = true;
      if (server !== null) {
        await server.stop();
        return;
      }
      const dropper = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      dropper.on('error', () => undefined);
      try {
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${dropper.escapeIdentifier(name)} WITH (FORCE)`);
      } catch {
        // The server went away: nothing of ours is left running there to stop.
      } finally {
        await dropper.end().catch(() => undefined);
      }
    },
  };
}

export function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return messageOf(error.errors[0]);
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}
