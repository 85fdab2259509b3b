/** A configuration that cannot be used (a bad option, file or flag): the CLI prints it and exits 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
