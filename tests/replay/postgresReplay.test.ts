/**
 * The simulator checked against a real PostgreSQL (issue 14): every preset's statements are
 * replayed in trace order on an embedded PostgreSQL (tests/replay/replayNight.ts) and every
 * row count and returned value must agree; and every PostgreSQL statement the app shows must
 * PREPARE, with the built-in `now()` (as a learner pasting it into psql would run it).
 * One server for the file, one database, the night's tables recreated per preset.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../src/lab/embeddedPostgres';
import { PRESETS } from '../../src/presets/catalogue';
import { runPreset } from '../runPreset';
import { type Mismatch, replayNight } from './replayNight';
import { CLOCK_SETUP, nightSetupSql } from './replaySchema';

let server: EmbeddedPostgres | null = null;
let url = '';
const texts = new Set<string>();
let statements = 0;
const mismatches: (Mismatch & { preset: string })[] = [];

beforeAll(async () => {
  server = await startEmbeddedPostgres();
  url = await server.createDatabase('replay');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(CLOCK_SETUP);
  await client.end();
  console.info(`embedded PostgreSQL started in ${server.startMs} ms`);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('every preset replayed on PostgreSQL', () => {
  for (const preset of PRESETS) {
    it(`${preset.id}: PostgreSQL answers every statement as the simulator did`, async () => {
      const { scenario, trace } = runPreset(preset.id);
      const result = await replayNight(url, scenario, trace);
      for (const text of result.texts) texts.add(text);
      statements += result.statements;
      mismatches.push(...result.mismatches.map((mismatch) => ({ ...mismatch, preset: preset.id })));
      expect(result.mismatches).toEqual([]);
    }, 60_000);
  }

  it('replayed thousands of statements, every one agreeing', () => {
    console.info(`${statements - mismatches.length} of ${statements} replayed statements agree`);
    expect(mismatches).toEqual([]);
    expect(statements).toBeGreaterThan(2900);
  });
});

describe('every statement shown is real SQL', () => {
  it('PREPAREs every PostgreSQL statement of every preset (transaction control runs as itself)', async () => {
    expect(texts.size).toBeGreaterThan(300);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const failures: string[] = [];
    try {
      // The night's tables, with the built-in now(): no clock shadow on this connection.
      await client.query(nightSetupSql(runPreset('s07-fencing-on').scenario));
      let index = 0;
      for (const text of texts) {
        if (text === 'BEGIN' || text === 'COMMIT' || text === 'ROLLBACK') continue;
        if (text.startsWith('ROLLBACK /*')) {
          // The server's own rollback of a dropped connection: shown as the statement it is.
          await client.query('BEGIN');
          await client.query(text);
          continue;
        }
        const name = `shown_${index++}`;
        try {
          await client.query(`PREPARE ${name} AS ${text}`);
          await client.query(`DEALLOCATE ${name}`);
        } catch (error) {
          failures.push(`${text}\n  -> ${(error as Error).message}`);
        }
      }
    } finally {
      await client.end();
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
