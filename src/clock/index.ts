/** The clock area: the emulator's clock through the admin API (GET/POST /_emulator/clock...). */
import type { Area } from '../area/area.js';
import type { Clock } from '../core/clock.js';
import { clockAdminHandlers } from './admin.js';

export { clockView } from './admin.js';
export { createClockState, emulatorClock } from './state.js';

export function createClockArea(clock: Clock): Area {
  return { name: 'clock', adminHandlers: clockAdminHandlers(clock) };
}
