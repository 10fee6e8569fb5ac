/** The gateway client lives with the lab, which runs its night on it too (src/lab/etcdGateway.ts). */
export * from '../../src/lab/etcdGateway';
