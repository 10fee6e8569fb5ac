import fc from 'fast-check';

/** The job kinds the scenario arbitrary leaves out (it makes reconciliations). */
export const jobArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        rows: fc.integer({ min: 1, max: 12 }),
        batch: fc.integer({ min: 1, max: 6 }),
        claim: fc.constantFrom('skipLocked', 'forUpdate', 'none'),
        perItem: fc.integer({ min: 10, max: 20_000 }),
      })
      .map((job) => ({ kind: 'outbox', ...job, perItem: `${job.perItem}ms` })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('claimThenSend', 'sendThenClaim').map((sendOrder) => ({ kind: 'digest', sendOrder })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 8 }).map((rows) => ({ kind: 'cleanup', rows })) },
);
