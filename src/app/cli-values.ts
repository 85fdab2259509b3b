/** The rules of CLI option values, shared by the option table (cli-options.ts) and the subcommands. */
export function int(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new CliError(`${name} must be an integer from ${min} to ${max} (got '${value}')`);
  return n;
}

export function positive(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${name} must be a positive number (got '${value}')`);
  return n;
}

export function mebibytes(name: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 65536)
    throw new CliError(`${name} must be a number of MiB from 0 to 65536 (got '${value}')`);
  return n;
}

/** A duration in seconds: 0 or more, fractions allowed, at most a day. */
export function seconds(name: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 86400)
    throw new CliError(`${name} must be a number of seconds from 0 to 86400 (got '${value}')`);
  return n;
}

export function nonEmpty(name: string, value: string): string {
  if (value.trim() === '') throw new CliError(`${name} must not be empty`);
  return value;
}

export function isoDate(name: string, value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new CliError(`${name} must be an ISO date-time such as 2030-01-01T00:00:00Z (got '${value}')`);
  }
  return value;
}

/** One of a closed set of values (log level, format, encoder...). */
export function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new CliError(`${name} must be one of ${allowed.join(', ')} (got '${value}')`);
  return value as T;
}

/** Boolean flags arrive as 'true'; their variables as 1/0/true/false. */
export function bool(name: string, value: string): boolean {
  if (['1', 'true', 'yes'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(value.toLowerCase())) return false;
  throw new CliError(`${name} must be 1, 0, true or false (got '${value}')`);
}

export function instanceId(name: string, value: string): string {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(value))
    throw new CliError(`${name} must be 1 to 64 of A-Z a-z 0-9 . _ - (got '${value}')`);
  return value;
}

export class CliError extends Error {
  override name = 'CliError';
}
