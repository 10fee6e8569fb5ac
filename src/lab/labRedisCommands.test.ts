import { describe, expect, it } from 'vitest';
import { holderOfValue, tokenOfValue } from './labRedisCommands';

describe('the Redis lock value', () => {
  it('names its holder by the hostname before the first colon', () => {
    expect(holderOfValue('orders-1:3')).toBe('orders-1');
    expect(holderOfValue('orders-0:uuid:with:colons')).toBe('orders-0');
    expect(holderOfValue('no-colon')).toBe('no-colon');
  });

  it('carries the database token after the last colon, or none', () => {
    expect(tokenOfValue('orders-2:9')).toBe(9);
    expect(tokenOfValue('orders-2:abc')).toBeNull();
    expect(tokenOfValue('orders-2')).toBeNull();
  });
});
