/**
 * `svc-emulator state save [FILE|-]` and `svc-emulator state load FILE|-` against a running emulator's admin API
 * (docs/state.md). Exit 0 done, 1 refused or unreachable, 2 bad usage.
 */
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { AdminApiError, createAdminClient } from '../client/admin-client.js';
import type { StateQuery } from '../client/admin-state.js';
import { writeBytesAtomic } from './state-file.js';

export const STATE_HELP = `Usage: svc-emulator state save [FILE|-] --admin-url URL [--org ID | --sandbox ID] [--include journal,secrets]
       svc-emulator state load FILE|- --admin-url URL

save writes the state document of a running emulator to FILE (atomically: a temporary file renamed into
place) or to stdout (- or no FILE): the whole state, or one organization's or sandbox's. load replaces the
whole state with FILE's (or adds or replaces the one organization it holds) and prints what was loaded; a
refused document changes nothing and exits 1 with the problem. Gzip files load as they are.

Options:
  --admin-url URL     the emulator's admin URL, http://HOST:PORT/_emulator (env SVC_EMULATOR_ADMIN_URL)
  --admin-token T     its --admin-token (env SVC_EMULATOR_ADMIN_TOKEN)
  --org ID            save: only this organization
  --sandbox ID        save: only this sandbox
  --include LIST      save: also journal, secrets (comma-separated; see docs/state.md, "Secrets")
  --help, -h          show this help`;

const INCLUDES = ['journal', 'secrets'] as const;

export async function stateCommand(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        'admin-url': { type: 'string' },
        'admin-token': { type: 'string' },
        org: { type: 'string' },
        sandbox: { type: 'string' },
        include: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return usage((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(STATE_HELP);
    return 0;
  }
  const [action, file, ...extra] = positionals;
  if (action !== 'save' && action !== 'load') return usage(`the first argument must be save or load`);
  if (extra.length > 0) return usage(`one FILE only (got ${positionals.slice(1).join(' ')})`);
  const adminUrl = values['admin-url'] ?? env.SVC_EMULATOR_ADMIN_URL;
  if (!adminUrl || !/^https?:\/\/[^/]+/.test(adminUrl))
    return usage(`--admin-url must be the emulator's admin URL, http://HOST:PORT/_emulator`);
  const admin = createAdminClient({
    adminUrl,
    adminToken: values['admin-token'] ?? env.SVC_EMULATOR_ADMIN_TOKEN,
  });
  try {
    if (action === 'save') {
      const query = saveQuery(values);
      if (typeof query === 'string') return usage(query);
      const body = await admin.state.stream(query);
      if (file === undefined || file === '-') await pipeline(Readable.fromWeb(body as never), process.stdout);
      else await writeBytesAtomic(file, body);
      return 0;
    }
    if (values.org || values.sandbox || values.include)
      return usage('--org, --sandbox and --include are options of save (a document says what it holds)');
    if (file === undefined) return usage('load needs the FILE to load (- for stdin)');
    // Streamed, never read whole: the emulator spools it and tells gzip by its first bytes (ST-L2).
    let source: Readable;
    try {
      source = file === '-' ? process.stdin : (await open(file, 'r')).createReadStream();
    } catch (err) {
      console.error(`svc-emulator state load: cannot read ${file}: ${(err as Error).message}`);
      return 1;
    }
    const result = await admin.state.put(Readable.toWeb(source) as ReadableStream<Uint8Array>);
    console.log(JSON.stringify(result, null, 2));
    return 0;
  } catch (err) {
    if (err instanceof AdminApiError) {
      const refused = err.problem
        ? `${err.status} ${err.code}: ${err.detail ?? err.problem.title}`
        : `${err.status}`;
      console.error(`svc-emulator state ${action}: the emulator refused it: ${refused}`);
      return 1;
    }
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    console.error(
      `svc-emulator state ${action}: ${cause ? `cannot reach ${adminUrl} (${cause})` : (err as Error).message}`,
    );
    return 1;
  }
}

function saveQuery(values: { org?: string; sandbox?: string; include?: string }): StateQuery | string {
  if (values.org !== undefined && values.sandbox !== undefined)
    return '--org and --sandbox: one or the other';
  const include = values.include === undefined ? [] : values.include.split(',').map((s) => s.trim());
  for (const item of include) {
    if (!(INCLUDES as readonly string[]).includes(item))
      return `--include takes journal, secrets (comma-separated); got '${item}'`;
  }
  return { org: values.org, sandbox: values.sandbox, include: include as StateQuery['include'] };
}

function usage(message: string): number {
  console.error(`svc-emulator state: ${message}\n\n${STATE_HELP}`);
  return 2;
}
