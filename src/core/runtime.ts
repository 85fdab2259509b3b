/**
 * The package's version and the Node.js lines it runs on. The lines are the maintained LTS lines, each tested
 * in CI on the release `.ci/node/versions` pins (package.json's `engines` names the same; a test keeps the
 * three in step). An older line is refused at start with a message naming the supported ones (docs/decisions.md).
 */
import { readFileSync } from 'node:fs';
import { packagePath } from './paths.js';

/** The package's own version (package.json), as `--version` and `GET /_emulator/health` report it. */
export const VERSION = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string })
  .version;

/** The supported Node.js lines, oldest first. */
export const SUPPORTED_NODE_LINES = [22, 24, 26] as const;

/** Lines below the oldest supported one, with the day each reached its end of life. */
const END_OF_LIFE: Record<number, string> = { 18: '2025-04-30', 20: '2026-04-30' };

/** Thrown by `createEmulator` (and so `startEmulator`) on a Node.js line older than the supported ones. */
export class UnsupportedNodeError extends Error {
  readonly code = 'ERR_SVC_EMULATOR_NODE_VERSION';
}

/** Why this Node.js cannot run the emulator, or undefined when its line is supported (or newer). */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (major >= SUPPORTED_NODE_LINES[0]) return undefined;
  const lines = SUPPORTED_NODE_LINES.slice(0, -1).join(', ') + ' or ' + SUPPORTED_NODE_LINES.at(-1);
  const eol = END_OF_LIFE[major];
  return (
    `svc-emulator ${VERSION} runs on Node.js ${lines} (the maintained LTS lines); this is Node.js v${version}` +
    `${eol ? `, which reached its end of life on ${eol}` : ', a line past its end of life'}. ` +
    `Install a supported line (svc-emulator 0.1.x is the last release that runs on Node.js 20).`
  );
}

/** Throws UnsupportedNodeError on a Node.js line older than the supported ones. */
export function assertSupportedNode(version?: string): void {
  const why = unsupportedNode(version);
  if (why) throw new UnsupportedNodeError(why);
}
