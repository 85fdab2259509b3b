/**
 * Byte views that are the only users of their ArrayBuffer (an upload read into its own buffer), so a worker
 * task may take the whole buffer (moved, not copied) even when the view ends before the buffer does.
 */
const owned = new WeakSet();
/** Records that nothing but `view` (from offset 0) uses its buffer. */
export function markOwned(view) {
    if (view.byteOffset === 0 && view.buffer instanceof ArrayBuffer)
        owned.add(view.buffer);
}
/** Whether `view`'s buffer may be moved away as a whole: recorded as owned, or spanned exactly by the view. */
export function ownsBuffer(view) {
    if (!(view.buffer instanceof ArrayBuffer) || view.byteOffset !== 0)
        return false;
    return owned.has(view.buffer) || view.byteLength === view.buffer.byteLength;
}
