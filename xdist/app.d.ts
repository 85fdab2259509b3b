/**
 * The HTTP application, composed in the order a request passes through it:
 * request id + journal → admin API (/_emulator) | gateway (/v1) → unknown route → one error envelope.
 */
import express from 'express';
import type { Emulator } from './emulator.js';
export declare function buildHttpApp(emulator: Emulator): express.Express;
