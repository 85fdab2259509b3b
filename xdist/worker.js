import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  runTask
} from "./chunks/chunk-YG5MGWJJ.js";
import "./chunks/chunk-QDD4B6RQ.js";
import "./chunks/chunk-I4R5KMDQ.js";
import "./chunks/chunk-TOBIFDEH.js";
import "./chunks/chunk-5GASQT6B.js";

// src/workers/worker.ts
import { getPriority, setPriority } from "node:os";
var WORKER_NICE_STEP = 5;
if (process.platform === "linux") {
  try {
    setPriority(Math.min(19, getPriority() + WORKER_NICE_STEP));
  } catch {
  }
}
function handle(req) {
  return runTask(req);
}
export {
  WORKER_NICE_STEP,
  handle as default
};
