// The emulator's clock in the page header: shown, frozen, resumed, set (mode, time, scale) and advanced.
import { api } from './api.js';
import { byId, formatTime } from './dom.js';
import { formBody } from './forms.js';

/** A clock as `GET /clock` gives it, shown in the elements `<prefix>-mode`, `-now` and `-timers`. */
export function showClock(prefix, c) {
  byId(`${prefix}-mode`).textContent = c.mode === 'scaled' ? `scaled ×${1 / c.time_scale}` : c.mode;
  byId(`${prefix}-mode`).className = `badge clock-${c.mode}`;
  byId(`${prefix}-now`).textContent = formatTime(c.now);
  byId(`${prefix}-now`).setAttribute('datetime', c.now);
  const timers = c.pending_timers;
  byId(`${prefix}-timers`).textContent = `${timers} pending timer${timers === 1 ? '' : 's'}`;
}

export function createClockPanel({ report, onMoved }) {
  const show = (c) => showClock('clock', c);

  async function refresh() {
    show(await api('GET', '/clock'));
  }

  function call(path, body, message) {
    api('POST', path, body)
      .then((clock) => {
        show(clock);
        report(message(clock));
        // Moving time fires timers: deliveries retry, faults expire, periods close.
        return onMoved();
      })
      .catch(report);
  }

  byId('clock-freeze').addEventListener('click', () =>
    call('/clock', { mode: 'frozen' }, (c) => `Clock frozen at ${formatTime(c.now)}`),
  );
  byId('clock-real').addEventListener('click', () =>
    call('/clock', { mode: 'real' }, () => 'Clock runs in real time'),
  );
  byId('clock-set-form').addEventListener('submit', (event) => {
    event.preventDefault();
    call('/clock', formBody(event.target), (c) => {
      event.target.reset();
      return `Clock set: ${c.mode} at ${formatTime(c.now)}`;
    });
  });
  byId('clock-advance-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const seconds = Number(byId('clock-seconds').value);
    call('/clock/advance', { seconds }, (c) => `Advanced ${seconds} s to ${formatTime(c.now)}`);
  });

  return { refresh };
}
