/**
 * Incremental decoder core shared by decode() and StreamingDecoder, so both take exactly the same
 * decisions whatever the block sizes: every decision waits until the samples it needs have arrived.
 *
 * Scan: the sync scanner proposes a start; the start is refined to a fraction of a sample from the
 * energy centroids of the four fixed-length sync/header bursts; the sync symbols, the silent gaps and
 * the header check must all agree. Then each data slot is read from the fixed grid until END + CRC.
 */
import { GARBAGE, ToneBank, WINDOW_FROM, WINDOW_TO } from './slot-detector.js';
import { SYM_SYNC1, SYM_SYNC2, SymbolParser, codePointsToString } from './alphabet.js';
import { CHARS_PER_SECOND, LEAD_IN, ON_FRACTION, SYNC_SLOT, SYNC_SLOTS, TAIL, codePointsToUtf8, crc16, decodeHeader, speedFromIndex, } from './framing.js';
import { energy } from './goertzel.js';
import { SampleBuffer } from './sample-buffer.js';
import { SyncScanner } from './sync-scan.js';
import { checkSampleRate, voiceOffsetHz } from './tones.js';
/** Longest plateau of passing sync candidates we follow before choosing the best-aligned one. */
const MAX_PLATEAU_BLOCKS = 40;
/** Refinement windows reach this far (share of a sync slot) beyond each burst, inside its silent gaps. */
const CENTROID_MARGIN = 0.1;
const CENTROID_ITERATIONS = 3;
/** Gaps between sync bursts must be this much quieter than the bursts (about -8 dB). */
const MAX_GAP_SHARE = 0.15;
const MAX_DATA_SLOTS = 1 << 20;
class ActiveUtterance {
    syncStart;
    voiceIndex;
    refEnergy;
    resumeBlock;
    parser = new SymbolParser();
    next = 0;
    dataStart;
    period;
    speed;
    bank;
    constructor(syncStart, voiceIndex, speedIdx, refEnergy, 
    /** where scanning resumes if this turns out not to be an utterance */
    resumeBlock, sampleRate) {
        this.syncStart = syncStart;
        this.voiceIndex = voiceIndex;
        this.refEnergy = refEnergy;
        this.resumeBlock = resumeBlock;
        this.speed = speedFromIndex(speedIdx);
        this.period = sampleRate / (CHARS_PER_SECOND * this.speed);
        this.dataStart = syncStart + SYNC_SLOTS * SYNC_SLOT * sampleRate;
        this.bank = new ToneBank(sampleRate, voiceOffsetHz(voiceIndex));
    }
    step(pcm) {
        for (;;) {
            const slotStart = this.dataStart + this.next * this.period;
            const from = Math.round(slotStart + WINDOW_FROM * this.period);
            const to = Math.round(slotStart + WINDOW_TO * this.period);
            if (to > pcm.end)
                return 'wait';
            if (from < pcm.start)
                return 'abort';
            const symbol = this.bank.detect(pcm.data, from - pcm.start, to - pcm.start, this.refEnergy);
            if (symbol === GARBAGE)
                return 'abort';
            const status = this.parser.feed(symbol, this.next);
            this.next++;
            if (status === 'error' || this.next > MAX_DATA_SLOTS)
                return 'abort';
            if (status === 'done') {
                const crc = crc16(codePointsToUtf8(this.parser.chars.map((c) => c.codePoint)));
                return crc === this.parser.crc ? 'done' : 'abort';
            }
        }
    }
    /** Sample index just after the last slot read. */
    get endSample() {
        return this.dataStart + this.next * this.period;
    }
}
export class DecoderEngine {
    sampleRate;
    pcm = new SampleBuffer();
    scanner;
    nominal;
    /** sync slot length in samples */
    p0;
    pushed = 0;
    scanBlock = 0;
    active = null;
    lastPartialChars = 0;
    finished = false;
    constructor(sampleRate) {
        this.sampleRate = sampleRate;
        checkSampleRate(sampleRate);
        this.scanner = new SyncScanner(sampleRate);
        this.nominal = new ToneBank(sampleRate, 0);
        this.p0 = SYNC_SLOT * sampleRate;
    }
    /** seconds of real (not padding) audio pushed */
    get duration() {
        return this.pushed / this.sampleRate;
    }
    push(pcm) {
        if (this.finished)
            throw new Error('StreamingDecoder: push() after end()');
        this.pcm.append(pcm);
        this.pushed += pcm.length;
        const events = [];
        this.run(events);
        return events;
    }
    /** Flushes with trailing silence long enough for any pending decision, then drops what is unfinished. */
    finish() {
        if (this.finished)
            return [];
        this.finished = true;
        const events = [];
        this.pcm.append(new Float32Array(Math.ceil(0.6 * this.sampleRate)));
        this.run(events);
        while (this.active) {
            this.scanBlock = this.active.resumeBlock;
            this.active = null;
            this.run(events);
        }
        return events.filter((e) => e.type === 'utterance');
    }
    run(events) {
        for (;;) {
            if (this.active) {
                const result = this.active.step(this.pcm);
                if (result === 'wait')
                    break;
                if (result === 'done') {
                    events.push({ type: 'utterance', utterance: this.result(this.active) });
                    this.scanBlock = Math.ceil(this.active.endSample / this.scanner.hop);
                }
                else {
                    this.scanBlock = this.active.resumeBlock;
                }
                this.active = null;
                this.lastPartialChars = 0;
                continue;
            }
            if (!this.scan())
                break;
        }
        // Only characters are ever appended, so a count change is a text change (and cheap to test).
        if (this.active && this.active.parser.chars.length !== this.lastPartialChars) {
            this.lastPartialChars = this.active.parser.chars.length;
            const text = this.active.parser.text;
            if (text.length > 0) {
                events.push({
                    type: 'partial',
                    text,
                    start: this.utteranceStart(this.active),
                    end: this.active.endSample / this.sampleRate,
                });
            }
        }
        else {
            this.scanner.resetAt(this.scanBlock);
        }
        const keepBlock = this.active ? Math.min(this.active.resumeBlock, this.scanBlock) : this.scanBlock;
        this.pcm.discardBefore(keepBlock * this.scanner.hop - this.p0, this.sampleRate);
    }
    /** Looks for the next utterance start; false when more samples are needed. */
    scan() {
        const sc = this.scanner;
        for (;;) {
            const b = this.scanBlock;
            if (!sc.ensure(b + sc.span, this.pcm))
                return false;
            if (!sc.passes(b)) {
                this.scanBlock++;
                continue;
            }
            let e = b;
            while (e - b < MAX_PLATEAU_BLOCKS) {
                if (!sc.ensure(e + 1 + sc.span, this.pcm))
                    return false;
                if (!sc.passes(e + 1))
                    break;
                e++;
            }
            let best = b;
            let bestPower = -1;
            for (let c = b; c <= e; c++) {
                const p = sc.alignment(c);
                if (p > bestPower) {
                    bestPower = p;
                    best = c;
                }
            }
            const coarse = best * sc.hop;
            if (this.pcm.end < coarse + (SYNC_SLOTS + 1) * this.p0)
                return false;
            const started = this.tryStart(coarse, e + 1);
            if (started) {
                this.active = started;
                return true;
            }
            this.scanBlock = e + 1;
        }
    }
    tryStart(coarse, resumeBlock) {
        const start = this.refineStart(coarse);
        if (start === null)
            return null;
        const p0 = this.p0;
        const pcm = this.pcm;
        const windows = [];
        let ref = 0;
        for (let k = 0; k < SYNC_SLOTS; k++) {
            const from = Math.round(start + (k + WINDOW_FROM) * p0) - pcm.start;
            const to = Math.round(start + (k + WINDOW_TO) * p0) - pcm.start;
            if (from < 0 || to + pcm.start > pcm.end)
                return null;
            windows.push([from, to]);
            ref += energy(pcm.data, from, to) / (to - from) / SYNC_SLOTS;
        }
        if (ref <= 0)
            return null;
        for (let k = 0; k + 1 < SYNC_SLOTS; k++) {
            const from = Math.round(start + (k + ON_FRACTION + 0.05) * p0) - pcm.start;
            const to = Math.round(start + (k + 0.97) * p0) - pcm.start;
            if (energy(pcm.data, from, to) / (to - from) > MAX_GAP_SHARE * ref)
                return null;
        }
        const symbols = windows.map(([from, to]) => this.nominal.detect(pcm.data, from, to, ref));
        if (symbols[0] !== SYM_SYNC1 || symbols[1] !== SYM_SYNC2 || symbols[2] < 0 || symbols[3] < 0)
            return null;
        const header = decodeHeader(symbols[2], symbols[3]);
        if (!header)
            return null;
        return new ActiveUtterance(start, header.voiceIndex, header.speedIdx, ref, resumeBlock, this.sampleRate);
    }
    /**
     * Sub-sample start of the sync: each burst is symmetric, so its energy centroid sits at its middle.
     * Windows re-centred on each estimate make the pull of noise towards the window centre vanish.
     */
    refineStart(coarse) {
        const pcm = this.pcm;
        const on = ON_FRACTION * this.p0;
        const half = on / 2 + CENTROID_MARGIN * this.p0;
        let start = coarse;
        for (let it = 0; it < CENTROID_ITERATIONS; it++) {
            let shift = 0;
            for (let k = 0; k < SYNC_SLOTS; k++) {
                const centre = start + k * this.p0 + on / 2;
                const a = Math.max(pcm.start, Math.ceil(centre - half));
                const b = Math.min(pcm.end - 1, Math.floor(centre + half));
                let e = 0;
                let moment = 0;
                for (let n = a; n <= b; n++) {
                    const v = pcm.data[n - pcm.start];
                    e += v * v;
                    moment += (n - centre) * v * v;
                }
                if (e <= 0)
                    return null;
                shift += moment / e / SYNC_SLOTS;
            }
            start += shift;
        }
        return start;
    }
    utteranceStart(u) {
        return Math.max(0, u.syncStart / this.sampleRate - LEAD_IN);
    }
    result(u) {
        const rate = this.sampleRate;
        const chars = u.parser.chars;
        const words = [];
        const slotTime = (slot) => (u.dataStart + slot * u.period) / rate;
        let i = 0;
        while (i < chars.length) {
            if (isSpace(chars[i].codePoint)) {
                i++;
                continue;
            }
            let j = i;
            while (j < chars.length && !isSpace(chars[j].codePoint))
                j++;
            const cps = chars.slice(i, j).map((c) => c.codePoint);
            words.push({
                word: codePointsToString(cps),
                start: slotTime(chars[i].firstSlot),
                end: slotTime(chars[j - 1].lastSlot) + (ON_FRACTION * u.period) / rate,
            });
            i = j;
        }
        return {
            text: u.parser.text,
            voiceIndex: u.voiceIndex,
            speed: u.speed,
            start: this.utteranceStart(u),
            end: u.endSample / rate + TAIL,
            words,
        };
    }
}
const SPACE_RE = /\s/u;
function isSpace(cp) {
    return SPACE_RE.test(String.fromCodePoint(cp));
}
