/**
 * Waits until `GET /_emulator/health?ready=1` answers 200 (demo corpus indexed), and fails at once, with the
 * container's last log lines, when the container exits first (a bad option exits 2 naming it).
 * Not `Wait.forHttp(…, { abortOnContainerExit })`: it reads those lines with a following log stream, which
 * podman 4 never ends for an exited container, so `start()` would hang instead of failing.
 */
import { getContainerRuntimeClient, type WaitStrategy } from 'testcontainers';

type Container = Parameters<WaitStrategy['waitUntilReady']>[0];
type BoundPorts = Parameters<WaitStrategy['waitUntilReady']>[1];

const POLL_MS = 100; // wall time: the container is another process, outside any emulator clock
const LOG_LINES = 50;

export class ReadyWaitStrategy implements WaitStrategy {
  private startupTimeoutMs = 60_000;
  private startupTimeoutSet = false;

  constructor(
    private readonly port: number,
    private readonly path: string,
  ) {}

  withStartupTimeout(startupTimeoutMs: number): this {
    this.startupTimeoutMs = startupTimeoutMs;
    this.startupTimeoutSet = true;
    return this;
  }

  isStartupTimeoutSet(): boolean {
    return this.startupTimeoutSet;
  }

  getStartupTimeout(): number {
    return this.startupTimeoutMs;
  }

  async waitUntilReady(container: Container, boundPorts: BoundPorts): Promise<void> {
    const { host } = (await getContainerRuntimeClient()).info.containerRuntime;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${boundPorts.getBinding(this.port)}${this.path}`;
    const deadline = performance.now() + this.startupTimeoutMs;
    let last = 'no answer';
    for (;;) {
      const { State } = await container.inspect();
      if (State.Status === 'exited' || State.Status === 'dead') {
        const lines = await lastLines(container);
        // Testcontainers then stops and removes it, but podman 4 refuses to stop an exited container.
        await container.remove({ v: true, force: true }).catch(() => undefined);
        throw new Error(
          `the svc-emulator container exited with code ${State.ExitCode} before it was ready; its last lines:\n${lines}`,
        );
      }
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        if (answer.status === 200) return;
        last = `${answer.status} ${(await answer.text()).slice(0, 500)}`;
      } catch (error) {
        last = String(error);
      }
      if (performance.now() > deadline) {
        throw new Error(
          `svc-emulator not ready after ${this.startupTimeoutMs} ms: GET ${this.path} gave ${last}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** The container's last output lines, read once (not followed). */
async function lastLines(container: Container): Promise<string> {
  try {
    const raw = await container.logs({
      stdout: true,
      stderr: true,
      follow: false,
      tail: LOG_LINES,
    });
    return demux(raw).trim();
  } catch (error) {
    return `(its logs could not be read: ${String(error)})`;
  }
}

/** Docker's multiplexed log format (an 8-byte header per frame: stream, 0, 0, 0, length); plain text otherwise. */
function demux(raw: Buffer): string {
  const parts: Buffer[] = [];
  let at = 0;
  while (
    at + 8 <= raw.length &&
    raw[at] <= 2 &&
    raw[at + 1] === 0 &&
    raw[at + 2] === 0 &&
    raw[at + 3] === 0
  ) {
    const size = raw.readUInt32BE(at + 4);
    parts.push(raw.subarray(at + 8, at + 8 + size));
    at += 8 + size;
  }
  return at === raw.length ? Buffer.concat(parts).toString('utf8') : raw.toString('utf8');
}
