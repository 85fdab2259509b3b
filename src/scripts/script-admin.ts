/**
 * The admin API of an area's scripts (openapi/admin.yaml, `/_emulator/{area}/scripts`): create, list, clear
 * and delete, the same for STT, TTS and RAG. An area declares what differs: its name, the /v1 operation its
 * scripts answer, its scripts, and what a new script must satisfy beyond its schema (checked after the
 * organization it names is found).
 */
import type { Response } from 'express';
import { andThen, type MaybePromise } from '../core/maybe.js';
import { sendJson } from '../http/context.js';
import { ApiError } from '../core/errors.js';
import type { ScriptErrorInput } from './scripted-error.js';

/** What a handler reads of an admin call (the admin router passes an AdminContext, admin/admin-context.ts). */
export interface ScriptAdminCall {
  res: Response;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export type ScriptAdminHandler = (call: ScriptAdminCall) => MaybePromise<void>;

/** What the admin API does with an area's scripts (ScriptQueue and KeyedScripts both do it). */
export interface ScriptBook<Input, S> {
  add(input: Input, offContract: boolean): S;
  list(orgId?: string): S[];
  clear(orgId?: string): number;
  delete(id: string): boolean;
}

export interface ScriptAdminSpec<Input extends { org_id?: string; error?: ScriptErrorInput }, S> {
  /**
   * The area (`stt`): its operations are `admin.createSttScript`, `admin.listSttScripts`,
   * `admin.clearSttScripts` and `admin.deleteSttScript`, and an unknown id is "no STT script 'scr_…'".
   */
  area: string;
  /** The /v1 operation the scripts answer: a scripted error's status it does not document is off contract. */
  operationId: string;
  scripts: ScriptBook<Input, S>;
  /** Organizations a script's `org_id`, or a filter's, must name. */
  orgs: { getOrg(id: string): unknown };
  /** Whether the gateway's contract documents `status` for an operation. */
  documents: (operationId: string, status: number) => boolean;
  /** Refuses (422 naming the field) a new script the schema lets through but the area cannot answer with. */
  check?: (input: Input) => MaybePromise<void>;
}

/** A script as the admin API shows it: `org_id` last, null for every organization's. */
function scriptView(s: { org_id?: string }): Record<string, unknown> {
  const { org_id, ...rest } = s;
  return { ...rest, org_id: org_id ?? null };
}

export function scriptAdminHandlers<
  Input extends { org_id?: string; error?: ScriptErrorInput },
  S extends { org_id?: string },
>(spec: ScriptAdminSpec<Input, S>): Record<string, ScriptAdminHandler> {
  const { scripts } = spec;
  const name = spec.area.charAt(0).toUpperCase() + spec.area.slice(1);
  /** An `org_id` given to the admin API must name an existing organization. */
  const orgFilter = (orgId: unknown): string | undefined => {
    if (orgId === undefined) return undefined;
    const id = orgId as string; // the schema says string
    if (!spec.orgs.getOrg(id)) throw new ApiError('not_found', `no organization '${id}'`);
    return id;
  };
  return {
    [`admin.create${name}Script`]: (call) => {
      const input = call.body as Input;
      orgFilter(input.org_id);
      return andThen(spec.check?.(input), () => {
        const status = input.error?.status;
        const offContract = status !== undefined && !spec.documents(spec.operationId, status);
        sendJson(call, 201, scriptView(scripts.add(input, offContract)));
      });
    },
    [`admin.list${name}Scripts`]: (call) => {
      sendJson(call, 200, { scripts: scripts.list(orgFilter(call.query.org_id)).map(scriptView) });
    },
    [`admin.clear${name}Scripts`]: (call) => {
      sendJson(call, 200, { deleted: scripts.clear(orgFilter(call.query.org_id)) });
    },
    [`admin.delete${name}Script`]: (call) => {
      if (!scripts.delete(call.params.scriptId))
        throw new ApiError('not_found', `no ${spec.area.toUpperCase()} script '${call.params.scriptId}'`);
      call.res.status(204).end();
    },
  };
}
