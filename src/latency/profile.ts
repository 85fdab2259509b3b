/**
 * Latency profiles (`--latency-profile instant|realistic|FILE`): a delay distribution per operation. The file
 * is validated against `LatencyProfile` of openapi/admin.yaml once, at start.
 */
import { readFileSync } from 'node:fs';
import { assertValid, compileSchema, createValidators } from '../contract/compile.js';
import { ADMIN_DOC_ID, GATEWAY_DOC_ID, loadDocuments } from '../contract/documents.js';
import { ConfigError } from '../core/config-error.js';
import { depthMessage, jsonDepthOverflow } from '../http/json-limits.js';
import type {
  ActiveLatencyProfile as LatencyProfile,
  LatencyDistribution,
  LatencyProfileFile,
} from '../contract/admin-types.js';

/**
 * A distribution and a profile (named: the file's `name`, else its path) are the document's
 * (`LatencyDistribution`, `ActiveLatencyProfile`), derived in contract/admin-types.ts.
 */
export type { LatencyDistribution, LatencyProfile };

/**
 * `realistic`: the spec's figures where it has them, plausible ones elsewhere (docs/testing.md "Latency
 * profiles" gives the source of each). Analyze is left out: it already waits 5-30 s on the emulator clock.
 */
export const REALISTIC_PROFILE: LatencyProfile = {
  name: 'realistic',
  operations: {
    // Spec: first audio p90 under 150 ms.
    'tts.stream': { median_ms: 90, p90_ms: 140, max_ms: 400 },
    'tts.speak': { median_ms: 150, p90_ms: 250, max_ms: 1500, per_character_ms: 4 },
    'rag.search:retrieve': { median_ms: 120, p90_ms: 300, max_ms: 2000 },
    'rag.search:answer': { median_ms: 900, p90_ms: 2000, max_ms: 8000 },
    'rag.uploadDocument': { median_ms: 250, p90_ms: 600, max_ms: 3000 },
    'rag.listDocuments': { median_ms: 60, p90_ms: 150, max_ms: 1000 },
    'rag.getDocument': { median_ms: 40, p90_ms: 100, max_ms: 1000 },
    'rag.deleteDocument': { median_ms: 60, p90_ms: 150, max_ms: 1000 },
    'rag.getJob': { median_ms: 40, p90_ms: 100, max_ms: 1000 },
    'stt.transcribe': { median_ms: 300, p90_ms: 700, max_ms: 15000, per_audio_second_ms: 100 },
    'stt.getJob': { median_ms: 40, p90_ms: 100, max_ms: 1000 },
    'auth.createWsToken': { median_ms: 30, p90_ms: 80, max_ms: 500 },
    // Realtime (src/latency/session.ts): first audio of each utterance (the same spec target as tts.stream), and
    // each partial or final result frame behind the audio it covers.
    'tts.realtime': { median_ms: 90, p90_ms: 140, max_ms: 400 },
    'stt.realtime': { median_ms: 200, p90_ms: 400, max_ms: 1200 },
  },
};

export const INSTANT = 'instant';

/** Null for `instant` (no stage at all), else the profile. Throws ConfigError naming the JSON path. */
export function loadLatencyProfile(value: string): LatencyProfile | null {
  if (value === INSTANT) return null;
  if (value === 'realistic') return REALISTIC_PROFILE;
  return readProfileFile(value);
}

function readProfileFile(path: string): LatencyProfile {
  const where = `latency profile ${path}`;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(
      `--latency-profile must be instant, realistic or a readable JSON file: cannot read ${path}: ${(err as Error).message}`,
    );
  }
  const deep = jsonDepthOverflow(text);
  if (deep >= 0) throw new ConfigError(`${where}: ${depthMessage('the profile', deep)}`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${where} is not valid JSON: ${(err as Error).message}`);
  }
  const docs = loadDocuments();
  const validators = createValidators({ [GATEWAY_DOC_ID]: docs.gateway, [ADMIN_DOC_ID]: docs.admin });
  try {
    assertValid(compileSchema(validators, ADMIN_DOC_ID, 'LatencyProfile'), data, 'profile');
  } catch (err) {
    throw new ConfigError(`${where}: ${(err as Error).message}`);
  }
  const profile = data as LatencyProfileFile;
  const known = operationIds(docs.gateway);
  for (const [key, dist] of Object.entries(profile.operations)) {
    const [op, mode] = key.split(':');
    if (!known.has(op))
      throw new ConfigError(
        `${where}: operations.${key}: unknown operationId ${op} (known: ${[...known].join(', ')})`,
      );
    if (mode !== undefined && (op !== 'rag.search' || !['retrieve', 'answer', 'analyze'].includes(mode)))
      throw new ConfigError(
        `${where}: operations.${key}: a mode suffix is only rag.search:retrieve|answer|analyze`,
      );
    checkOrder(dist, `${where}: operations.${key}`);
  }
  if (profile.default) checkOrder(profile.default, `${where}: default`);
  return { ...profile, name: profile.name ?? path };
}

function checkOrder(d: LatencyDistribution, where: string): void {
  if (d.p90_ms < d.median_ms) throw new ConfigError(`${where}.p90_ms must not be below median_ms`);
  if (d.max_ms < d.p90_ms) throw new ConfigError(`${where}.max_ms must not be below p90_ms`);
}

function operationIds(gateway: { paths?: Record<string, Record<string, unknown>> }): Set<string> {
  const ids = new Set<string>();
  for (const item of Object.values(gateway.paths ?? {}))
    for (const op of Object.values(item))
      if (op && typeof op === 'object' && 'operationId' in op) ids.add(String(op.operationId));
  return ids;
}
