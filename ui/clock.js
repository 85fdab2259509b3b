// The emulator's clock in the page header: shown, frozen, resumed, set (mode, time, scale) and advanced.
import { api } from './api.js';
import { byId, field, formatTime } from './dom.js';
import { formBody } from './forms.js';

export function createClockPanel({ report, onMoved }) {
  function show(c) {
    const scale = field(c, 'time_scale', 'timeScale');
    const timers = field(c, 'pending_timers', 'pendingTimers');
    byId('clock-mode').textContent = c.mode === 'scaled' ? `scaled ×${1 / scale}` : c.mode;
    byId('clock-mode').className = `badge clock-${c.mode}`;
    byId('clock-now').textContent = formatTime(c.now);
    byId('clock-now').setAttribute('datetime', c.now);
    byId('clock-timers').textContent = `${timers} pending timer${timers === 1 ? '' : 's'}`;
  }

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
