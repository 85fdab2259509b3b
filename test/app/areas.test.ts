/**
 * The root's one ordered list (src/app/areas.ts) and the registry that builds it (src/app/registry.ts): the list's
 * order is the order areas are built, their state units open, load and reset, their stages run, and they boot and
 * reset; close walks it backwards (decisions A-S1, A-S2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Area } from '../../src/area/area.js';
import { createEmulator, type Emulator } from '../../src/app/emulator.js';
import { AreaRegistry } from '../../src/app/registry.js';
import { StateUnits, type StateUnit } from '../../src/store/state-unit.js';
import { Clock } from '../../src/core/clock.js';

describe('the emulator built from the root list', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ logLevel: 'silent', demoCorpus: false });
  });
  afterAll(() => emulator.close());

  it('registers the areas in the documented order (docs/architecture.md)', () => {
    expect(emulator.registry.areas.map((a) => a.name)).toEqual([
      'clock',
      'sandbox-directory',
      'ids',
      'orgs',
      'auth',
      'journal',
      'faults',
      'webhooks',
      'metering',
      'scenarios',
      'shared-state',
      'fault-injection',
      'latency',
      'report',
      'proxy',
      'snapshots',
      'sandboxes',
      'tts',
      'stt',
      'rag',
      'emulator',
    ]);
  });

  it('adds each area’s state units in list order: the clock first, then the sandboxes’ directory, then organizations before what hangs off them', () => {
    const units = emulator.state.list().map((u) => u.name);
    expect(units[0]).toBe('clock');
    expect(units[1]).toBe('sandboxes');
    const orgs = units.indexOf('orgs');
    expect(orgs).toBeGreaterThan(1);
    // Every unit holding per-organization state, the directory aside, is put back after the organizations.
    for (const unit of emulator.state.list().slice(2))
      if (unit.perOrg && unit.name !== 'orgs')
        expect(units.indexOf(unit.name), unit.name).toBeGreaterThan(orgs);
    // And each area's units sit together, in the area's place in the list.
    const byArea = emulator.registry.areas.flatMap((a) => (a.state ?? []).map((u) => u.name));
    expect(units).toEqual(byArea);
  });

  it('runs the stages in list order: rate limits before the RAG gate, faults before latency, the rate limit before upgrade faults', () => {
    const contributing = (field: 'stages' | 'beforeHandler' | 'upgradeStages') =>
      emulator.registry.areas.filter((a) => (a[field]?.length ?? 0) > 0).map((a) => a.name);
    expect(contributing('stages')).toEqual(['metering', 'rag']);
    // `instant` latency adds no stage; the faults' stage is still the first before the handler.
    expect(contributing('beforeHandler')[0]).toBe('fault-injection');
    expect(contributing('upgradeStages')).toEqual(['metering', 'fault-injection']);
  });

  it('carries no area part as a field: parts are reached by the name their area declares', () => {
    for (const name of [
      'orgs',
      'metering',
      'journal',
      'webhooks',
      'faults',
      'clocks',
      'snapshots',
      'sandboxes',
    ])
      expect(name in emulator, name).toBe(false);
    // The clock stays a member (stable in 1.x, docs/compatibility.md): the clock area's part itself.
    expect(emulator.clock).toBeInstanceOf(Clock);
    expect(emulator.clock).toBe(emulator.part('clock'));
    expect(emulator.part('orgs').getOrg(emulator.demo.orgId)?.id).toBe(emulator.demo.orgId);
  });
});

describe('AreaRegistry', () => {
  const unit = (name: string, log: string[]): StateUnit => ({
    name,
    reset: () => void log.push(`unit ${name}`),
  });

  it('builds the list in order, each factory seeing the parts of the areas before it', () => {
    const registry = new AreaRegistry(new StateUnits());
    const seen: unknown[] = [];
    registry.build([
      () => ({ name: 'first', parts: { latency: null } }),
      (built) => {
        seen.push(built.part('latency'));
        return { name: 'second' };
      },
    ]);
    expect(seen).toEqual([null]);
    expect(registry.areas.map((a) => a.name)).toEqual(['first', 'second']);
  });

  it('refuses a part no area before has built, and a part two areas provide, naming it', () => {
    const registry = new AreaRegistry(new StateUnits());
    expect(() =>
      registry.build([(built) => ({ name: 'early', parts: { clocks: built.part('clocks') } })]),
    ).toThrow('no area built so far provides the part clocks');
    registry.register({ name: 'a', parts: { latency: null } });
    expect(() => registry.register({ name: 'b', parts: { latency: null } })).toThrow(
      'two areas provide the part latency',
    );
  });

  it('adds state units and load listeners in list order, resets areas in order and closes them backwards', async () => {
    const log: string[] = [];
    const units = new StateUnits();
    const registry = new AreaRegistry(units);
    const area = (name: string): Area => ({
      name,
      state: [unit(`${name}-state`, log)],
      onLoaded: () => void log.push(`loaded ${name}`),
      reset: () => void log.push(`reset ${name}`),
      close: () => void log.push(`close ${name}`),
    });
    registry.build([() => area('a'), () => area('b'), () => area('c')]);
    expect(units.list().map((u) => u.name)).toEqual(['a-state', 'b-state', 'c-state']);
    await units.reset();
    await units.tellLoaded({ orgIds: [], whole: true });
    await registry.reset();
    await registry.close();
    expect(log).toEqual([
      'unit a-state',
      'unit b-state',
      'unit c-state',
      'loaded a',
      'loaded b',
      'loaded c',
      'reset a',
      'reset b',
      'reset c',
      'close c',
      'close b',
      'close a',
    ]);
  });
});
