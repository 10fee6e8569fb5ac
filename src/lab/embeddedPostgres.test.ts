import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embeddedPostgres';

describe('startEmbeddedPostgres', () => {
  it('starts a real PostgreSQL that answers, and stop() leaves no server and no data folder', async () => {
    const server = await startEmbeddedPostgres();
    let stopped = false;
    try {
      expect(existsSync(server.dataDir)).toBe(true);
      const url = await server.createDatabase('lab_probe');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ version: string; db: string }>(
        'SELECT version() AS version, current_database() AS db',
      );
      await client.end();
      expect(rows[0]?.version).toMatch(/^PostgreSQL 18\./);
      expect(rows[0]?.db).toBe('lab_probe');
      await server.stop();
      stopped = true;
      expect(existsSync(server.dataDir)).toBe(false);
      const after = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 2000 });
      await expect(after.connect()).rejects.toThrow();
      await server.stop();
    } finally {
      if (!stopped) await server.stop();
    }
  }, 60_000);
});
