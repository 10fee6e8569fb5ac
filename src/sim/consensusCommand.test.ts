import { describe, expect, it } from 'vitest';
import { leaseTtlSeconds, leaseVariable, renderConsensus, zookeeperNode } from './consensusCommand';

describe('renderConsensus (etcd)', () => {
  it('writes etcdctl lines that keep the lease etcd picks in a shell variable named after the session', () => {
    expect(leaseVariable('A#0')).toBe('LEASE_A_0');
    expect(leaseVariable('orders-1#12')).toBe('LEASE_orders_1_12');
    expect(renderConsensus({ kind: 'consensusLeaseGrant', session: 'A#0', ttlMs: 10_000 })).toBe(
      "LEASE_A_0=$(etcdctl lease grant 10 | cut -d' ' -f2)",
    );
    expect(renderConsensus({ kind: 'consensusCreate', flavor: 'etcd', session: 'A#0', number: 7 })).toBe(
      "etcdctl put --lease=$LEASE_A_0 /locks/nightly-reconciliation/$LEASE_A_0 '' && etcdctl get /locks/nightly-reconciliation/ --prefix --sort-by=CREATE --order=ASCEND --limit=1 --keys-only # create revision 7",
    );
    expect(renderConsensus({ kind: 'consensusKeepAlive', flavor: 'etcd', session: 'B#1' })).toBe(
      'etcdctl lease keep-alive --once $LEASE_B_1',
    );
    expect(renderConsensus({ kind: 'consensusDelete', flavor: 'etcd', session: 'B#1', number: 9 })).toBe(
      'etcdctl del /locks/nightly-reconciliation/$LEASE_B_1',
    );
    expect(renderConsensus({ kind: 'consensusRecheck', flavor: 'etcd', session: 'B#1', number: 9 })).toBe(
      'etcdctl get /locks/nightly-reconciliation/$LEASE_B_1 --keys-only',
    );
    expect(renderConsensus({ kind: 'consensusSessionExpired', flavor: 'etcd', session: 'A#0', revoked: true })).toBe(
      'etcdctl lease revoke $LEASE_A_0',
    );
    expect(
      renderConsensus({ kind: 'consensusSessionExpired', flavor: 'etcd', session: 'A#0', revoked: false }),
    ).toMatch(/^etcdctl lease timetolive \$LEASE_A_0 # expired at the server/);
  });

  it('grants whole seconds, as etcd does', () => {
    expect(leaseTtlSeconds(10_000)).toBe(10);
    expect(leaseTtlSeconds(2500)).toBe(3);
    expect(leaseTtlSeconds(1)).toBe(1);
  });
});

describe('renderConsensus (ZooKeeper)', () => {
  it('writes zkCli.sh lines: Curator’s lock node per session, named later by its ten-digit sequence', () => {
    expect(zookeeperNode('orders-1#2', 35)).toBe('/locks/nightly-reconciliation/_c_orders-1_2-lock-0000000035');
    const zk = { flavor: 'zookeeper', session: 'A#0' } as const;
    expect(renderConsensus({ kind: 'consensusCreate', ...zk, number: 7 })).toBe(
      'create -e -s /locks/nightly-reconciliation/_c_A_0-lock- ""',
    );
    expect(renderConsensus({ kind: 'consensusDelete', ...zk, number: 7 })).toBe(
      'delete /locks/nightly-reconciliation/_c_A_0-lock-0000000007',
    );
    expect(renderConsensus({ kind: 'consensusDelete', ...zk, number: null })).toBe('ls /locks/nightly-reconciliation');
    expect(renderConsensus({ kind: 'consensusRecheck', ...zk, number: 12 })).toBe(
      'stat /locks/nightly-reconciliation/_c_A_0-lock-0000000012',
    );
    expect(renderConsensus({ kind: 'consensusKeepAlive', ...zk })).toBe('sync /locks/nightly-reconciliation');
    expect(renderConsensus({ kind: 'consensusSessionExpired', ...zk, revoked: true })).toBe('close');
    expect(renderConsensus({ kind: 'consensusSessionExpired', ...zk, revoked: false })).toBe(
      'ls /locks/nightly-reconciliation',
    );
  });
});
