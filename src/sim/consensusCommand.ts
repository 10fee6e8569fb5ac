/**
 * The etcd / ZooKeeper lock's requests as the app shows them (`renderSql` hands them here).
 * For etcd they are etcdctl command lines a learner can paste, in the trace's order, into one
 * shell (`ETCDCTL_ENDPOINTS` set to their etcd): the session's lease is granted into a shell
 * variable named after the session (`LEASE_A_0` for `A#0`), and every later command of that
 * session uses it, since etcd picks the lease's ID. The key is the one `concurrency.Mutex`
 * writes, the lock's prefix and the lease ID in hex (F15), which etcdctl prints in hex too.
 * What etcdctl does not show (the create revision, the server's own expiry) follows as a shell
 * comment. tests/replay/etcdctlCommands.test.ts runs them through the real etcdctl.
 *
 * For ZooKeeper they are zkCli.sh lines (3.8), one session's in that session's own zkCli (a
 * ZooKeeper session is its connection, and an ephemeral node belongs to the session that made
 * it). The node is Curator's lock node, `_c_<session>-lock-` made EPHEMERAL_SEQUENTIAL under the
 * lock's path; the server appends the sequence number, ten digits, which later lines name. zkCli
 * has no comment syntax (a `#` line is "Command not found"), so nothing follows the command;
 * what it cannot do (a ping: zkCli pings by itself; the server's expiry) is shown as the look at
 * the lock's nodes that tells it. tests/replay/zkCliCommands.test.ts runs them. Pure.
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
  /**
   * `session`: the session whose key is deleted, the one the acquire created it under; `number`
   * its create revision / sequence number (null when the process never created one).
   */
  | {
      readonly kind: 'consensusDelete';
      readonly flavor: ConsensusFlavor;
      readonly session: string;
      readonly number: number | null;
    }
  /** `revoked`: an operator ended it (etcd: `lease revoke`), else the server found it expired. */
  | {
      readonly kind: 'consensusSessionExpired';
      readonly flavor: ConsensusFlavor;
      readonly session: string;
      readonly revoked: boolean;
    }
  | { readonly kind: 'consensusKeepAlive'; readonly flavor: ConsensusFlavor; readonly session: string }
  /** A woken waiter's check that its own key (created under `session`, numbered `number`) still exists. */
  | {
      readonly kind: 'consensusRecheck';
      readonly flavor: ConsensusFlavor;
      readonly session: string;
      readonly number: number;
    };

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

/** The lock's parent node in ZooKeeper (Curator's `InterProcessMutex(client, "/locks/nightly-reconciliation")`). */
export const ZOOKEEPER_LOCK_PATH = '/locks/nightly-reconciliation';

/** The prefix of a session's lock node, before the server's sequence number: `A#0` gives `.../_c_A_0-lock-`. */
export function zookeeperNodePrefix(session: string): string {
  return `${ZOOKEEPER_LOCK_PATH}/_c_${session.replace('#', '_')}-lock-`;
}

/** A session's lock node with its sequence number, as ZooKeeper names it (ten digits). */
export function zookeeperNode(session: string, sequence: number): string {
  return `${zookeeperNodePrefix(session)}${String(sequence).padStart(10, '0')}`;
}

/** Pure: the request as etcdctl (etcd) or as zkCli.sh (ZooKeeper). */
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
      // The holder is the lowest sequence; `ls` shows the lock's nodes to compare.
      return `create -e -s ${zookeeperNodePrefix(statement.session)} ""`;
    case 'consensusDelete':
      // A process that never created a node deletes nothing: its look at the lock says so.
      return statement.number === null
        ? `ls ${ZOOKEEPER_LOCK_PATH}`
        : `delete ${zookeeperNode(statement.session, statement.number)}`;
    case 'consensusSessionExpired':
      // An operator closes the session (its own zkCli's `close`); an expiry is the server's own: its nodes are gone.
      return statement.revoked ? 'close' : `ls ${ZOOKEEPER_LOCK_PATH}`;
    case 'consensusKeepAlive':
      // zkCli pings by itself; any request also keeps the session alive.
      return `sync ${ZOOKEEPER_LOCK_PATH}`;
    case 'consensusRecheck':
      return `stat ${zookeeperNode(statement.session, statement.number)}`;
  }
}
