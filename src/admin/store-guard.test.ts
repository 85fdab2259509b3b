import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import { compileContract } from '../contract/emulator-contract.js';
import { ApiError } from '../core/errors.js';
import { sendJson, sendNoContent } from '../http/context.js';
import type { StateStore } from '../store/index.js';
import { guardedByStore, writesSharedState } from './store-guard.js';

const contract = compileContract();
const op = (method: string, path: string) => {
  const match = contract.admin.match(method, path);
  if (match.kind !== 'match') throw new Error(`no ${method} ${path}`);
  return match.operation;
};

/** A response that records what reaches the client, and when. */
function fakeResponse(log: string[]) {
  const res = {
    locals: {},
    statusCode: 200,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    setHeader: () => res,
    end(text?: string) {
      log.push(`sent ${res.statusCode}${text ? ` ${text}` : ''}`);
      return res;
    },
  };
  return res as unknown as Response;
}

function fakeStore(log: string[], options: { down?: boolean; settle?: Promise<void> }): StateStore {
  return {
    assertAvailable() {
      if (options.down) throw new ApiError('upstream_error', 'the store is away');
    },
    settled() {
      if (!options.settle) return undefined;
      return options.settle.then(() => void log.push('settled'));
    },
  } as unknown as StateStore;
}

describe('the admin store guard', () => {
  it('guards exactly the writes whose operation documents a 502 for an unreachable store', () => {
    expect(writesSharedState(op('POST', '/orgs'))).toBe(true);
    expect(writesSharedState(op('PATCH', '/orgs/org_x/billing'))).toBe(true);
    expect(writesSharedState(op('DELETE', '/faults'))).toBe(true);
    expect(writesSharedState(op('POST', '/reset'))).toBe(true);
    // Reads, even those that need the store (their own 502), and writes of per-instance state are not guarded.
    expect(writesSharedState(op('GET', '/orgs/org_x'))).toBe(false);
    expect(writesSharedState(op('GET', '/orgs/org_x/usage'))).toBe(false);
    expect(writesSharedState(op('PATCH', '/prices'))).toBe(false);
    expect(writesSharedState(op('POST', '/drift'))).toBe(false);
  });

  it('sends the answer only once the writes are in the store', async () => {
    const log: string[] = [];
    let release!: () => void;
    const settle = new Promise<void>((resolve) => (release = resolve));
    const res = fakeResponse(log);
    const done = guardedByStore(fakeStore(log, { settle }), res, () => {
      log.push('handler');
      sendJson({ res }, 201, { id: 'x' });
    });
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['handler']);
    release();
    await done;
    expect(log).toEqual(['handler', 'settled', 'sent 201 {"id":"x"}']);
  });

  it('holds a 204 the same way', async () => {
    const log: string[] = [];
    const res = fakeResponse(log);
    await guardedByStore(fakeStore(log, { settle: Promise.resolve() }), res, () => sendNoContent({ res }));
    expect(log).toEqual(['settled', 'sent 204']);
  });

  it('refuses before the handler runs while the store is away', async () => {
    const log: string[] = [];
    const res = fakeResponse(log);
    await expect(
      guardedByStore(fakeStore(log, { down: true }), res, () => void log.push('handler')),
    ).rejects.toMatchObject({
      code: 'upstream_error',
    });
    expect(log).toEqual([]);
  });

  it('sends nothing when the handler fails, and leaves the response free for the error envelope', async () => {
    const log: string[] = [];
    const res = fakeResponse(log);
    const failing = () => {
      sendJson({ res }, 200, { half: true });
      throw new ApiError('not_found', 'no such thing');
    };
    await expect(guardedByStore(fakeStore(log, {}), res, failing)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(log).toEqual([]);
    expect((res.locals as { staged?: unknown }).staged).toBeUndefined();
  });
});
