export declare const PACKAGE_ROOT: string;
/** A path inside the package (`packagePath('fixtures', 'rag')`). */
export declare function packagePath(...parts: string[]): string;
