import http from 'node:http';
import https from 'node:https';
/**
 * The default sender: node:http(s) with keep-alive agents. Measured about 5x the throughput of the global
 * fetch on loopback, mostly from fewer allocations per request (no AbortSignal/web-stream plumbing).
 * The acknowledgment deadline is a wall-time timer: it is a network timeout, not emulator time.
 */
export class HttpSender {
    agents;
    inFlight = new Set();
    constructor(maxSockets) {
        // Free sockets close before a typical server's 5 s keep-alive timeout, so reuse rarely hits a dead socket.
        this.agents = {
            http: new http.Agent({ keepAlive: true, maxSockets, timeout: 4000 }),
            https: new https.Agent({ keepAlive: true, maxSockets, timeout: 4000 }),
        };
    }
    send(plan, timeoutMs) {
        return this.sendOnce(plan, timeoutMs, performance.now(), false);
    }
    /** Ends every request in flight (emulator reset). */
    abortAll() {
        for (const req of this.inFlight)
            req.destroy(new Error('cancelled by reset'));
        this.inFlight.clear();
    }
    sendOnce(plan, timeoutMs, started, retried) {
        return new Promise((resolve) => {
            const elapsed = () => Math.round(performance.now() - started);
            let url;
            try {
                url = new URL(plan.url);
            }
            catch {
                resolve({ ok: false, error: `invalid URL ${plan.url}`, latencyMs: 0 });
                return;
            }
            if (url.protocol !== 'http:' && url.protocol !== 'https:') {
                resolve({ ok: false, error: `unsupported scheme ${url.protocol}`, latencyMs: 0 });
                return;
            }
            const mod = url.protocol === 'https:' ? https : http;
            const agent = url.protocol === 'https:' ? this.agents.https : this.agents.http;
            let settled = false;
            const finish = (outcome) => {
                if (settled)
                    return;
                settled = true;
                clearTimeout(timer);
                this.inFlight.delete(req);
                resolve({ ...outcome, latencyMs: elapsed() });
            };
            const headers = { ...plan.headers, 'Content-Length': String(Buffer.byteLength(plan.body)) };
            const req = mod.request(url, { method: 'POST', headers, agent }, (res) => {
                const status = res.statusCode ?? 0;
                // Drain the body so the connection can be reused; its content does not matter.
                res.resume();
                const ok = status >= 200 && status < 300;
                finish({ ok, statusCode: status, ...(ok ? {} : { error: `receiver answered ${status}` }) });
            });
            const timer = setTimeout(() => {
                finish({ ok: false, error: `timeout: no answer within ${timeoutMs} ms` });
                req.destroy();
            }, timeoutMs);
            req.on('error', (err) => {
                if (settled)
                    return;
                // A kept-alive socket the receiver closed meanwhile: resend once on a fresh connection (Node docs).
                if (req.reusedSocket && err.code === 'ECONNRESET' && !retried) {
                    settled = true;
                    clearTimeout(timer);
                    this.inFlight.delete(req);
                    const left = Math.max(1, timeoutMs - elapsed());
                    this.sendOnce(plan, left, started, true).then(resolve, () => undefined);
                    return;
                }
                finish({ ok: false, error: [err.code, err.message].filter(Boolean).join(': ') });
            });
            this.inFlight.add(req);
            req.end(plan.body);
        });
    }
}
