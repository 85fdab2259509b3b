/**
 * Fair sharing of the event loop between long CPU-bound jobs (MP3 encoding, synthesis). Each job works in
 * short slices; between slices it waits here. One slice runs per loop turn across all jobs, so incoming
 * requests are served between any two slices however many encodes are running, instead of waiting behind
 * one slice of every open encode.
 */
const waiting = [];
let scheduled = false;
function runNext() {
    scheduled = false;
    waiting.shift()?.();
    if (waiting.length > 0) {
        scheduled = true;
        setImmediate(runNext);
    }
}
/** Resolves when it is this job's turn for its next slice. */
export function nextCpuTurn() {
    return new Promise((resolve) => {
        waiting.push(resolve);
        if (!scheduled) {
            scheduled = true;
            setImmediate(runNext);
        }
    });
}
