import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/audio/pcm.ts
function s16leToFloat32(buf) {
  const n = buf.byteLength >> 1;
  const view = new DataView(buf.buffer, buf.byteOffset, n * 2);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}
function float32ToS16le(pcm) {
  const out = Buffer.allocUnsafe(pcm.length * 2);
  for (let i = 0; i < pcm.length; i++) {
    const s = Math.max(-1, Math.min(1, pcm[i]));
    out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(s * 32768))), i * 2);
  }
  return out;
}

export {
  s16leToFloat32,
  float32ToS16le
};
