/**
 * The sandbox operations of the typed admin client (`admin.sandboxes.*`, openapi/admin.yaml tag `sandboxes`):
 * create one per test file or test, reset it, drive its own clock, delete it.
 */
import type { Client } from 'openapi-fetch';
import type { components, paths } from './admin-api.js';
import { unwrap } from './admin-unwrap.js';

export type SandboxCreate = components['schemas']['SandboxCreate'];
export type SandboxView = components['schemas']['Sandbox'];
type ClockUpdate = components['schemas']['ClockUpdate'];

export function sandboxOperations(raw: Client<paths>) {
  const at = (id: string) => ({ params: { path: { id } } });
  return {
    /** The answer holds the full keys and the webhook signing secret, shown this once. */
    create: (body: SandboxCreate = {}) => unwrap(raw.POST('/sandboxes', { body })),
    list: () => unwrap(raw.GET('/sandboxes')),
    get: (id: string) => unwrap(raw.GET('/sandboxes/{id}', at(id))),
    /** Removes it and all of its state; its open WebSockets close with 4410. */
    delete: (id: string) => unwrap(raw.DELETE('/sandboxes/{id}', at(id))),
    /** Back to the state it was created in (same ids and keys), its clock at its start. */
    reset: (id: string) => unwrap(raw.POST('/sandboxes/{id}/reset', at(id))),
    /** Its own clock; `set` and `advance` give one that follows the emulator's its own (`get`: 409 until then). */
    clock: {
      get: (id: string) => unwrap(raw.GET('/sandboxes/{id}/clock', at(id))),
      /** Mode, time or scale; a `now` before the clock's time is 422 `invalid_clock_change`. */
      set: (id: string, update: ClockUpdate) =>
        unwrap(raw.POST('/sandboxes/{id}/clock', { ...at(id), body: update })),
      advance: (id: string, seconds: number) =>
        unwrap(raw.POST('/sandboxes/{id}/clock/advance', { ...at(id), body: { seconds } })),
    },
  };
}
