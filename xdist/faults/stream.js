export function streamShaper(hit) {
    let sent = 0;
    return {
        async next(chunk, signal) {
            if (!hit)
                return { send: chunk, cut: false };
            const rule = hit.rule;
            if (rule.kind === 'stream_truncate') {
                const room = Math.max(0, (rule.after_bytes ?? 0) - sent);
                const send = chunk.subarray(0, room);
                sent += send.length;
                return { send, cut: sent >= (rule.after_bytes ?? 0) };
            }
            if (rule.kind === 'stream_slow' && rule.bytes_per_second) {
                const ms = (chunk.length / rule.bytes_per_second) * 1000;
                await new Promise((resolve) => {
                    const timer = setTimeout(resolve, ms);
                    signal.addEventListener('abort', () => {
                        clearTimeout(timer);
                        resolve();
                    });
                });
            }
            sent += chunk.length;
            return { send: chunk, cut: false };
        },
    };
}
