/**
 * A task module loaded on first use, once per thread. `load` is a literal `() => import('./name.js')`, so the
 * bundler (scripts/build.mjs) sees it and emits the module as a chunk of its own, loaded only then. From the
 * TypeScript sources (the test suite), a worker thread does not resolve dynamic imports through tsx's hooks,
 * so they go through tsx's own API there (`tsImport` registers a fresh loader on every call, hence the cache).
 */
export function lazyModule(callerUrl, name, load) {
    let loaded;
    return () => (loaded ??= (async () => {
        if (!callerUrl.endsWith('.ts'))
            return load();
        const { tsImport } = await import('tsx/esm/api');
        return (await tsImport(`./${name}.ts`, callerUrl));
    })());
}
