import type { NodeClock } from '../../nodeClock';
import type { RedisNodeView } from '../../serviceHistory';
import type { RedisNodeState } from './redisStore';

/** A Redis node's state, its key's expiry turned into true time on Redis's own clock. */
export function redisNodeView(state: RedisNodeState, redisClock: NodeClock, atMs: number): RedisNodeView {
  return {
    kind: 'redis',
    node: state.node,
    up: state.up,
    promoted: state.promoted,
    value: state.value,
    expireAtMs: state.expireAtWallMs === null ? null : redisClock.trueTimeWhenWallReaches(state.expireAtWallMs, atMs),
    counter: state.counter,
  };
}
