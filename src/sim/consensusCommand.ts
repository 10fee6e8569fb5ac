/**
 * The etcd / ZooKeeper lock's requests as the app shows them (`renderSql` hands them here).
 * For etcd they are etcdctl command lines a learner can paste, in the trace's order, into one
 * shell (`ETCDCTL_ENDPOINTS` set to their etcd): the session's lease is granted into a shell
 * variable named after the session (`LEASE_A_0` for `A#0`), and every later command of that
 * session uses it, since etcd picks the lease's ID. The key is the one `concurrency.Mutex`
 * writes, the lock's prefix and the lease ID in hex (F15), which etcdctl prints in hex too.
 * What etcdctl does not show (the create revision, the server's own expiry) follows as a shell
 * comment. tests/replay/etcdctlCommands.test.ts runs them through the real etcdctl. Pure.
 */

export type ConsensusFlavor = 'etcd' | 'zookeeper';

export type ConsensusStatement =
  /** An etcd session's lease, granted when the session opens (a ZooKeeper session is its connection). */
  | { readonly kind: 'consensusLeaseGrant'; readonly session: string; readonly ttlMs: number }
  | {
      readonly kind: 'consensusCreate';
      readonly flavor: ConsensusFlavor;
      readonly session: string;
      readonly number: number;
    }
  /** `session`: the session whose key is deleted, the one the acquire created it under. */
  | { readonly kind: 'consensusDelete'; readonly flavor: ConsensusFlavor; readonly session: string }
  /** `revoked`: an operator ended it (etcd: `lease revoke`), else the server found it expired. */
  | {
      readonly kind: 'consensusSessionExpired';
      readonly flavor: ConsensusFlavor;
      readonly session: string;
      readonly revoked: boolean;
    }
  | { readonly kind: 'consensusKeepAlive'; readonly flavor: ConsensusFlavor; readonly session: string }
  /** A woken waiter's check that its own key (created under `session`) still exists. */
  | { readonly kind: 'consensusRecheck'; readonly flavor: ConsensusFlavor; readonly session: string };

/** The lock's prefix: every replica's key is under it (`concurrency.NewMutex(session, "/locks/nightly-reconciliation")`). */
export const CONSENSUS_PREFIX = '/locks/nightly-reconciliation/';

/**
 * The shell variable that holds a session's lease ID: `A#0` gives `LEASE_A_0`. A replica id is
 * letters, digits, `_` and `-` (scenarioSchema.ts); `-`, which a shell name cannot have, is
 * written `_`. (Two replicas named `a-b` and `a_b` in one night would share one: none does.)
 */
export function leaseVariable(session: string): string {
  return `LEASE_${session.replace('#', '_').replaceAll('-', '_')}`;
}

/** The seconds the client asks for: whole, as etcd's lease TTL is (2.5 s is asked as 3). */
export function leaseTtlSeconds(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

/** Pure: the request as etcdctl (etcd), or described in words (ZooKeeper, not yet zkCli's syntax). */
export function renderConsensus(statement: ConsensusStatement): string {
  if (statement.kind === 'consensusLeaseGrant') {
    return `${leaseVariable(statement.session)}=$(etcdctl lease grant ${leaseTtlSeconds(statement.ttlMs)} | cut -d' ' -f2)`;
  }
  return statement.flavor === 'etcd' ? renderEtcd(statement) : renderZookeeper(statement);
}

function renderEtcd(statement: Exclude<ConsensusStatement, { kind: 'consensusLeaseGrant' }>): string {
  const lease = `$${leaseVariable(statement.session)}`;
  const key = `${CONSENSUS_PREFIX}${lease}`;
  switch (statement.kind) {
    case 'consensusCreate':
      // Put the own key on the session's lease, then ask who holds: the lowest create revision.
      return `etcdctl put --lease=${lease} ${key} '' && etcdctl get ${CONSENSUS_PREFIX} --prefix --sort-by=CREATE --order=ASCEND --limit=1 --keys-only # create revision ${statement.number}`;
    case 'consensusDelete':
      return `etcdctl del ${key}`;
    case 'consensusSessionExpired':
      return statement.revoked
        ? `etcdctl lease revoke ${lease}`
        : `etcdctl lease timetolive ${lease} # expired at the server: no keep-alive came in time, its keys are deleted`;
    case 'consensusKeepAlive':
      return `etcdctl lease keep-alive --once ${lease}`;
    case 'consensusRecheck':
      return `etcdctl get ${key} --keys-only`;
  }
}

function renderZookeeper(statement: Exclude<ConsensusStatement, { kind: 'consensusLeaseGrant' }>): string {
  switch (statement.kind) {
    case 'consensusCreate':
      return `create -e -s /locks/nightly-reconciliation/guid-lock- (session ${statement.session}) -- sequence ${String(statement.number).padStart(10, '0')}`;
    case 'consensusDelete':
      return `DELETE /locks/nightly-reconciliation/${statement.session}`;
    case 'consensusSessionExpired':
      return `session ${statement.session} ${statement.revoked ? 'closed by an operator' : 'expired at the server'}: its keys are deleted`;
    case 'consensusKeepAlive':
      return `LeaseKeepAlive (session ${statement.session})`;
    case 'consensusRecheck':
      return `exists /locks/nightly-reconciliation/guid-lock- (session ${statement.session}'s own node)`;
  }
}
