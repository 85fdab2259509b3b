import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/** What the receiver does with the n-th request (1-based): answer a status, hang, or drop the connection. */
export type Behaviour = number | 'hang' | 'destroy';

/** A real webhook sink on port 0; tests await hits on promises instead of sleeping. */
export class Receiver {
  readonly hits: ReceivedRequest[] = [];
  behaviour: (n: number) => Behaviour = () => 200;
  private readonly hanging: ServerResponse[] = [];
  private readonly waiters: { n: number; resolve: (r: ReceivedRequest) => void }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(behaviour?: (n: number) => Behaviour): Promise<Receiver> {
    const holder: { receiver?: Receiver } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        holder.receiver?.handle(req.method ?? '', req.headers, Buffer.concat(chunks).toString('utf8'), res),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const receiver = new Receiver(server, `http://127.0.0.1:${port}/hooks`);
    holder.receiver = receiver;
    if (behaviour) receiver.behaviour = behaviour;
    return receiver;
  }

  /** Resolves once the n-th request (1-based) has arrived. */
  hit(n: number): Promise<ReceivedRequest> {
    if (this.hits.length >= n) return Promise.resolve(this.hits[n - 1]);
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(method: string, headers: IncomingHttpHeaders, rawBody: string, res: ServerResponse): void {
    const request = { method, headers, rawBody };
    this.hits.push(request);
    const n = this.hits.length;
    const b = this.behaviour(n);
    if (b === 'hang') this.hanging.push(res);
    else if (b === 'destroy') res.socket?.destroy();
    else res.writeHead(b, { 'content-type': 'text/plain' }).end(b < 300 ? 'ok' : 'no');
    for (const w of this.waiters.filter((w) => w.n <= n)) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(this.hits[w.n - 1]);
    }
  }
}
