/**
 * Container health check without curl: asks the emulator's health endpoint on the configured port.
 * Exit 0 when healthy, 1 otherwise.
 */
const port = Number(process.env.SVC_EMULATOR_PORT ?? 4747);
const controller = new AbortController();
const timer = setTimeout(() => controller.abort(), 3000);

fetch(`http://127.0.0.1:${port}/_emulator/health`, { signal: controller.signal })
  .then((res) => process.exit(res.ok ? 0 : 1))
  .catch(() => process.exit(1))
  .finally(() => clearTimeout(timer));
