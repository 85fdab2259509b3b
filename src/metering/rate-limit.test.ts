import { describe, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import { RateLimiter } from './rate-limit.js';
import { MemoryRateLimits } from './rate-limit-state.js';

const key = (keyId: string, environment: 'live' | 'test') => ({ orgId: 'org_a', keyId, environment });

const START = Date.UTC(2025, 0, 1, 0, 0, 15);

describe('RateLimiter', () => {
  it('allows the window limit, then refuses until the window resets with the clock', async () => {
    const clock = new Clock({ mode: 'frozen', startAt: START });
    const limiter = new RateLimiter({ for: () => clock }, new MemoryRateLimits(), {
      test: { limit: 2, windowSeconds: 60 },
    });
    expect(limiter.hit(key('k', 'test'))).toEqual({
      allowed: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 45,
    });
    expect(limiter.hit(key('k', 'test'))).toEqual({
      allowed: true,
      limit: 2,
      remaining: 0,
      resetSeconds: 45,
    });
    expect(limiter.hit(key('k', 'test'))).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetSeconds: 45,
    });
    await clock.advance(44_500);
    expect(limiter.hit(key('k', 'test'))).toMatchObject({ allowed: false, resetSeconds: 1 });
    await clock.advance(500);
    expect(limiter.hit(key('k', 'test'))).toEqual({
      allowed: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 60,
    });
  });

  it('uses documented defaults per environment and a per-key override', () => {
    const clock = new Clock({ mode: 'frozen', startAt: START });
    const limiter = new RateLimiter({ for: () => clock }, new MemoryRateLimits());
    expect(limiter.hit(key('live', 'live'))).toMatchObject({ limit: 600, remaining: 599 });
    expect(limiter.hit(key('test', 'test'))).toMatchObject({ limit: 60, remaining: 59 });
    limiter.setKeyLimit('org_a', 'vip', { limit: 1, windowSeconds: 10 });
    expect(limiter.hit(key('vip', 'live'))).toEqual({
      allowed: true,
      limit: 1,
      remaining: 0,
      resetSeconds: 5,
    });
    expect(limiter.hit(key('vip', 'live'))).toMatchObject({ allowed: false });
    limiter.setKeyLimit('org_a', 'vip', null);
    expect(limiter.hit(key('vip', 'live'))).toMatchObject({ allowed: true, limit: 600 });
    expect(() => limiter.setKeyLimit('org_a', 'x', { limit: 1.5, windowSeconds: 10 })).toThrow(
      'integer >= 0 (got 1.5)',
    );
  });
});
