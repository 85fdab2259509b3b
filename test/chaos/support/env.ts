/**
 * The fault tests' fixture: a private AofRedis, a cluster of instances over it, the signing webhook receiver,
 * and the price of one billed search; `heal` brings it back to full strength between rounds.
 */
import { AofRedis } from './aof-redis.js';
import { admin, adminOk } from './client.js';
import { Cluster } from './cluster.js';
import { SignedReceiver } from './signed-receiver.js';

export interface ChaosEnv {
  redis: AofRedis;
  cluster: Cluster;
  receiver: SignedReceiver;
  instances: number;
  /** The price of one retrieve search, read from GET /_emulator/prices. */
  price: number;
}

export async function startEnv(instances = 3): Promise<ChaosEnv> {
  const redis = await AofRedis.start();
  const receiver = await SignedReceiver.start();
  let cluster: Cluster;
  try {
    cluster = await Cluster.start(redis, instances);
  } catch (err) {
    await Promise.all([redis.stop(), receiver.close()]);
    throw err;
  }
  const prices = await adminOk<{ rag_search: { retrieve: number } }>(
    cluster.nodes[0],
    'GET',
    '/prices',
    undefined,
    200,
  );
  return { redis, cluster, receiver, instances, price: prices.rag_search.retrieve };
}

export async function stopEnv(env: ChaosEnv | undefined): Promise<void> {
  if (!env) return;
  env.redis.resume();
  await env.cluster.stop();
  await Promise.all([env.redis.stop(), env.receiver.close()]);
}

const poll = (ms = 100) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns true or the deadline passes; returns its last answer. */
export async function until(deadline: number, probe: () => Promise<boolean>): Promise<boolean> {
  for (;;) {
    if (await probe()) return true;
    if (Date.now() >= deadline) return false;
    await poll();
  }
}

/** The cluster back to its full size with Redis running and reachable from every instance. */
export async function heal(env: ChaosEnv, deadline: number): Promise<string[]> {
  env.redis.resume();
  if (!env.redis.running) await env.redis.restart();
  await env.cluster.ensure(env.instances);
  const ok = await until(deadline, async () => {
    const states = await Promise.all(
      env.cluster.nodes.map((n) => admin<{ store?: { status?: string } }>(n, 'GET', '/health')),
    );
    return states.every((s) => s.status === 200 && s.body.store?.status === 'ok');
  });
  return ok ? [] : [`not every instance reported its store ok within the deadline`];
}
