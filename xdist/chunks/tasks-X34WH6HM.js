import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  runTask,
  taskTable
} from "./chunk-YG5MGWJJ.js";
import "./chunk-QDD4B6RQ.js";
import "./chunk-I4R5KMDQ.js";
import "./chunk-TOBIFDEH.js";
import "./chunk-5GASQT6B.js";
export {
  runTask,
  taskTable
};
