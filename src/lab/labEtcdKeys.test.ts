import { describe, expect, it } from 'vitest';
import { contenderKeyOf, ETCD_LOCK_PREFIX, leaseTtlSecondsOf } from './labEtcdKeys';

describe('the etcd lock keys', () => {
  it('names a contender by its lease ID in hex, exactly for IDs above a double', () => {
    expect(contenderKeyOf('7587874312445617413')).toBe(`${ETCD_LOCK_PREFIX}694d8b7c21a1e505`);
  });
  it('rounds the lease TTL up to whole seconds and never below etcd minimum', () => {
    expect(leaseTtlSecondsOf(3000)).toBe(3);
    expect(leaseTtlSecondsOf(3001)).toBe(4);
    expect(leaseTtlSecondsOf(500)).toBe(2);
  });
});
