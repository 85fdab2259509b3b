/**
 * The contract of a clock state (core/clock-state.ts), declared once and run against each implementation
 * (test/clock/clock-state.test.ts). Every instance of one store reads one clock: a change through any of them
 * is read through all (through Redis once its event has arrived: the reads poll), two changes at once both
 * count, a reset puts the start back everywhere, and an instance that joins later takes the clock as it is.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Clock } from '../core/clock.js';
import type { ClockStart } from '../core/clock-anchor.js';
import type { ClockAnchorState } from '../core/clock-state.js';
import type { MaybePromise } from '../core/maybe.js';
import { sectionErrors } from '../../test/support/state-section-schema.js';

export interface ClockStateInstances {
  /**
   * The clock state of one more instance over the store under test, opened, with `start` as its own start:
   * it joins the clock already there, if any. (The memory store has one instance: it answers the same state.)
   */
  join(start: ClockStart): Promise<ClockAnchorState>;
  /** Closes the instances and empties the store. */
  close(): Promise<void>;
}

const START = Date.parse('2030-01-01T00:00:00.000Z');
const WALL = Date.parse('2029-06-01T12:00:00.000Z');
const frozenAt = (at: number): ClockStart => ({ mode: 'frozen', timeScale: 1, at });

/** Declares the cases for an implementation; `make` gets the wall clock every instance must read. */
export function clockStateContract(make: (wallNow: () => number) => ClockStateInstances): void {
  let wall = WALL;
  let instances: ClockStateInstances;
  const clocks: Clock[] = [];
  const clockOn = (state: ClockAnchorState) => {
    const clock = new Clock({ state });
    clocks.push(clock);
    return clock;
  };
  const change = async (result: MaybePromise<void>) => {
    await result;
  };

  beforeEach(() => {
    wall = WALL;
    instances = make(() => wall);
  });
  afterEach(async () => {
    for (const clock of clocks.splice(0)) clock.dispose();
    await instances.close();
  });

  it('a new clock reads its start: frozen stands still, scaled runs 1 / timeScale times the wall clock, no start time is the wall clock', async () => {
    const frozen = await instances.join(frozenAt(START));
    expect(frozen.anchor()).toMatchObject({ mode: 'frozen', timeScale: 1, virtual: START });
    wall += 5_000;
    expect(frozen.now()).toBe(START);
    await instances.close();

    instances = make(() => wall);
    const scaled = await instances.join({ mode: 'scaled', timeScale: 0.01, at: START });
    wall += 10;
    expect(scaled.now()).toBe(START + 1_000);
    await instances.close();

    instances = make(() => wall);
    const real = await instances.join({ mode: 'real', timeScale: 1, at: null });
    expect(real.now()).toBe(wall);
    wall += 250;
    expect(real.now()).toBe(wall);
  });

  it('a change moves the time: an advance, a new time, a mode, a scale (re-anchored at the time read with the old one)', async () => {
    const a = await instances.join({ mode: 'scaled', timeScale: 0.5, at: START });
    wall += 100;
    expect(a.now()).toBe(START + 200);
    await change(a.change({ timeScale: 0.25 }));
    expect(a.now()).toBe(START + 200);
    wall += 100;
    expect(a.now()).toBe(START + 600);
    await change(a.change({ mode: 'frozen' }));
    wall += 1_000;
    expect(a.now()).toBe(START + 600);
    await change(a.change({ advance: 90_000 }));
    expect(a.now()).toBe(START + 90_600);
    await change(a.change({ now: START - 1 }));
    expect(a.now()).toBe(START - 1);
    await change(a.change({ mode: 'real', now: START }));
    wall += 7;
    expect(a.anchor()).toMatchObject({ mode: 'real', timeScale: 0.25 });
    expect(a.now()).toBe(START + 7);
  });

  it('refuses a negative advance or a scale that is not positive, and changes nothing', async () => {
    const a = await instances.join(frozenAt(START));
    await expect(async () => change(a.change({ advance: -1 }))).rejects.toThrow(RangeError);
    await expect(async () => change(a.change({ advance: Number.NaN }))).rejects.toThrow(RangeError);
    await expect(async () => change(a.change({ timeScale: 0 }))).rejects.toThrow(RangeError);
    expect(a.anchor()).toMatchObject({ mode: 'frozen', timeScale: 1, virtual: START });
  });

  it('tells its listeners each move, with the time read just before it', async () => {
    const a = await instances.join(frozenAt(START));
    const moves: [number, number][] = [];
    a.onMove((before) => moves.push([before, a.now()]));
    await change(a.change({ advance: 1_000 }));
    await change(a.change({ now: START }));
    expect(moves).toEqual([
      [START, START + 1_000],
      [START + 1_000, START],
    ]);
  });

  it('a change through one instance is read through the other, and its listeners hear of it', async () => {
    const a = await instances.join(frozenAt(START));
    const b = await instances.join(frozenAt(START));
    const heard: number[] = [];
    b.onMove((before) => heard.push(before));
    await change(a.change({ advance: 60_000 }));
    await expect.poll(() => b.now()).toBe(START + 60_000);
    expect(heard).toEqual([START]);
    await change(b.change({ mode: 'scaled', timeScale: 0.5 }));
    await expect.poll(() => a.anchor().mode).toBe('scaled');
    wall += 10;
    expect(a.now()).toBe(START + 60_020);
    expect(b.now()).toBe(START + 60_020);
  });

  it('changes made at once through two instances all count (each one atomic)', async () => {
    const a = await instances.join(frozenAt(START));
    const b = await instances.join(frozenAt(START));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => change((i % 2 ? a : b).change({ advance: (i + 1) * 1_000 }))),
    );
    const total = START + 210_000;
    await expect.poll(() => a.now()).toBe(total);
    await expect.poll(() => b.now()).toBe(total);
  });

  it('a reset puts the start back for every instance; keepClock keeps the clock', async () => {
    const a = await instances.join({ mode: 'scaled', timeScale: 0.5, at: START });
    const b = await instances.join(frozenAt(START + 1));
    await change(b.change({ mode: 'frozen', now: START + 3_600_000 }));
    await expect.poll(() => a.now()).toBe(START + 3_600_000);

    await change(a.reset({ keepClock: true }));
    expect(a.now()).toBe(START + 3_600_000);
    expect(b.now()).toBe(START + 3_600_000);

    await change(a.reset());
    expect(a.anchor()).toMatchObject({ mode: 'scaled', timeScale: 0.5, virtual: START });
    await expect.poll(() => b.anchor().mode).toBe('scaled');
    wall += 100;
    expect(b.now()).toBe(START + 200);
  });

  it('an instance that joins late takes the clock as it is and resets nothing', async () => {
    const a = await instances.join(frozenAt(START));
    await change(a.change({ mode: 'scaled', timeScale: 0.1, now: START + 5_000 }));
    const moved: number[] = [];
    a.onMove((before) => moved.push(before));
    wall += 100;

    const late = await instances.join({ mode: 'real', timeScale: 1, at: null });
    expect(late.anchor()).toMatchObject({ mode: 'scaled', timeScale: 0.1 });
    expect(late.now()).toBe(START + 6_000);
    expect(a.now()).toBe(START + 6_000);
    expect(moved).toEqual([]);
  });

  it('exports its mode, scale and anchor: a frozen clock as the last change left it, a running one re-anchored at the export, the same through every instance', async () => {
    const a = await instances.join(frozenAt(START));
    expect(await a.exportShared()).toEqual({ mode: 'frozen', timeScale: 1, virtual: START, wall: WALL });
    wall += 500;
    expect(await a.exportShared()).toEqual({ mode: 'frozen', timeScale: 1, virtual: START, wall: WALL });
    await change(a.change({ mode: 'scaled', timeScale: 0.5, now: START + 5_000 }));
    // Opened after the change: it exports the same.
    const b = await instances.join(frozenAt(START + 1));
    wall += 1_000;
    // Scaled: 2 ms of clock per ms of wall time since the change.
    const scaled = { mode: 'scaled', timeScale: 0.5, virtual: START + 5_000 + 2_000, wall: WALL + 1_500 };
    for (const state of [a, b]) {
      const exported = await state.exportShared();
      expect(exported).toEqual(scaled);
      expect(JSON.parse(JSON.stringify(exported))).toStrictEqual(exported);
      expect(sectionErrors('StateSharedClock', exported)).toBeNull();
    }
    await change(b.change({ advance: 1_000 }));
    const advanced = { ...scaled, virtual: START + 8_000 };
    for (const state of [a, b]) expect(await state.exportShared()).toEqual(advanced);
  });

  it('a frozen clock loads frozen at its saved time, and exports again exactly what was loaded', async () => {
    const a = await instances.join(frozenAt(START));
    await change(a.change({ advance: 86_400_000 }));
    const saved = await a.exportShared();
    await instances.close();

    wall += 3_600_000;
    instances = make(() => wall);
    const loaded = await instances.join({ mode: 'real', timeScale: 1, at: null });
    await change(loaded.importShared(JSON.parse(JSON.stringify(saved))));
    expect(loaded.anchor()).toMatchObject({ mode: 'frozen', timeScale: 1 });
    expect(loaded.now()).toBe(START + 86_400_000);
    wall += 60_000;
    expect(loaded.now()).toBe(START + 86_400_000);
    expect(await loaded.exportShared()).toEqual(saved);
  });

  it('a running clock runs on from its time at the save, as of the load: the wall time between save and load does not count', async () => {
    const a = await instances.join({ mode: 'scaled', timeScale: 0.5, at: START });
    wall += 100;
    const saved = await a.exportShared();
    await instances.close();

    wall += 86_400_000;
    instances = make(() => wall);
    const loaded = await instances.join(frozenAt(START - 1));
    await change(loaded.importShared(saved));
    expect(loaded.anchor()).toMatchObject({ mode: 'scaled', timeScale: 0.5 });
    expect(loaded.now()).toBe(START + 200);
    wall += 10;
    expect(loaded.now()).toBe(START + 220);
    expect(await loaded.exportShared()).toEqual({ ...saved, virtual: START + 220, wall });
  });

  it('a load through one instance is read through every other, and their listeners hear of it', async () => {
    const a = await instances.join(frozenAt(START));
    const b = await instances.join(frozenAt(START));
    const heard: number[] = [];
    b.onMove((before) => heard.push(before));
    await change(a.importShared({ mode: 'frozen', timeScale: 1, virtual: START + 42_000, wall: WALL }));
    expect(a.now()).toBe(START + 42_000);
    await expect.poll(() => b.now()).toBe(START + 42_000);
    expect(heard).toEqual([START]);
    await change(b.importShared({ mode: 'real', timeScale: 1, virtual: START, wall: WALL - 5 }));
    await expect.poll(() => a.anchor().mode).toBe('real');
    wall += 3;
    expect(a.now()).toBe(START + 3);
    expect(b.now()).toBe(START + 3);
  });

  it('its section schema (admin.yaml StateSharedClock) refuses another mode, a scale that is not positive, a time that is not an integer or another member', () => {
    const ok = { mode: 'real', timeScale: 1, virtual: START, wall: WALL };
    expect(sectionErrors('StateSharedClock', ok)).toBeNull();
    for (const bad of [
      { ...ok, mode: 'paused' },
      { ...ok, timeScale: 0 },
      { ...ok, virtual: START + 0.5 },
      { ...ok, wall: -1 },
      { ...ok, seq: 3 },
      { mode: 'real', timeScale: 1, virtual: START },
    ])
      expect(sectionErrors('StateSharedClock', bad), JSON.stringify(bad)).not.toBeNull();
  });

  it('timers stay per instance: a Clock fires its own when the time moves through another instance', async () => {
    const onA = clockOn(await instances.join(frozenAt(START)));
    const onB = clockOn(await instances.join(frozenAt(START)));
    const fired: [string, number][] = [];
    onB.setTimeout(() => fired.push(['b', onB.now()]), 5_000);
    onB.setTimeout(() => fired.push(['b later', onB.now()]), 9_000);
    onA.setTimeout(() => fired.push(['a', onA.now()]), 7_000);
    await onA.advance(5_000);
    await expect.poll(() => fired).toContainEqual(['b', START + 5_000]);
    await onB.advance(5_000);
    await expect.poll(() => fired.length).toBe(3);
    // Each at its due time; across instances the order is the order their events arrive in.
    expect([...fired].sort((x, y) => x[1] - y[1])).toEqual([
      ['b', START + 5_000],
      ['a', START + 7_000],
      ['b later', START + 9_000],
    ]);
    await expect.poll(() => onA.now()).toBe(START + 10_000);
    expect(onB.state().pendingTimers).toBe(0);
  });
}
