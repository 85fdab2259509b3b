/**
 * A task module loaded on first use, once per thread. From the TypeScript sources (the test suite), a
 * worker thread does not resolve dynamic imports through tsx's hooks, so they go through tsx's own API there
 * (`tsImport` registers a fresh loader on every call, hence the cache).
 */
export function lazyModule<T>(callerUrl: string, name: string): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= (async () => {
      if (!callerUrl.endsWith('.ts')) return (await import(new URL(`./${name}.js`, callerUrl).href)) as T;
      const { tsImport } = await import('tsx/esm/api');
      return (await tsImport(`./${name}.ts`, callerUrl)) as T;
    })());
}
