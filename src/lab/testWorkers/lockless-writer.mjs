// A lab worker that never takes the lock: it applies tonight's pending adjustments and marks
// the night done, trusting that it runs alone. With one replica nothing is applied twice, and
// the lab must still not call it Safe: no worker took the lock. Used by lab.spawn.test.ts.
import pg from 'pg';

const env = process.env;
const db = new pg.Client({ connectionString: env.DATABASE_URL });
await db.connect();
const { rows } = await db.query(
  'SELECT order_id, amount::text AS amount FROM pending_adjustment WHERE run_date = $1 ORDER BY order_id',
  [env.LEASELINE_RUN_DATE],
);
for (const row of rows) {
  await db.query(
    'INSERT INTO order_adjustment (order_id, run_date, amount, token, replica) VALUES ($1, $2, $3, NULL, $4)',
    [row.order_id, env.LEASELINE_RUN_DATE, row.amount, env.LEASELINE_REPLICA],
  );
}
await db.query("INSERT INTO recon_run (run_date, status) VALUES ($1, 'DONE')", [env.LEASELINE_RUN_DATE]);
await db.end();
