import { describe, expect, it } from 'vitest';
import { etcdGrantedTtlSeconds } from './etcdLease';

describe('etcdGrantedTtlSeconds', () => {
  it('rounds up to whole seconds and grants at least 2 s, as a default etcd 3.4 does', () => {
    expect(etcdGrantedTtlSeconds(10_000)).toBe(10);
    expect(etcdGrantedTtlSeconds(2500)).toBe(3);
    expect(etcdGrantedTtlSeconds(1000)).toBe(2);
    expect(etcdGrantedTtlSeconds(1)).toBe(2);
  });
});
