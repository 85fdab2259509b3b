/**
 * One exchange over a bare TCP connection: the bytes are written as given (a request that declares more body
 * than it sends, plain HTTP to a TLS port), and everything the server answers is read until it closes the
 * connection. Rejects when the server neither answers nor closes within `timeoutMs`.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function exchangeUntilClose(
  port: number,
  bytes: string | Buffer,
  timeoutMs = 5000,
  host = '127.0.0.1',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    // The server's close (its FIN): the answer is whole.
    socket.on('end', () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = (split < 0 ? text : text.slice(0, split)).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers,
        body: split < 0 ? '' : Buffer.from(text.slice(split + 4), 'latin1').toString('utf8'),
      });
    });
  });
}
