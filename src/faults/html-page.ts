/**
 * `html_error`: the HTML page a load balancer or reverse proxy in front of the gateway sends when it gives
 * up on the upstream (nginx's wording), in place of the gateway's problem+json.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FaultRule } from './store.js';

export function htmlErrorStatus(rule: Pick<FaultRule, 'status'>): number {
  return rule.status ?? 502;
}

export function htmlErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/** Thrown by the fault stage; the error envelope writes the page (src/app/app.ts). Never billed: no handler ran. */
export class HtmlErrorFault extends Error {
  constructor(readonly status: number) {
    super(`html_error fault (${status})`);
    this.name = 'HtmlErrorFault';
  }
}

/** The page as a raw HTTP answer to a WebSocket upgrade request; the socket closes after it. */
export function writeHtmlToSocket(socket: Duplex, status: number): void {
  const page = htmlErrorPage(status);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Server: nginx\r\nContent-Type: text/html\r\n' +
      `Content-Length: ${Buffer.byteLength(page)}\r\nConnection: close\r\n\r\n${page}`,
  );
}
