/** Copies an untrusted object into a Map of its own enumerable keys. */
export function toMetadataMap(obj) {
    const map = new Map();
    if (obj === undefined || obj === null)
        return map;
    for (const key of Object.keys(obj))
        map.set(key, obj[key]);
    return map;
}
function canonical(value) {
    if (Array.isArray(value))
        return `[${value.map(canonical).join(',')}]`;
    if (value !== null && typeof value === 'object') {
        const keys = Object.keys(value).sort();
        return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
    }
    return JSON.stringify(value) ?? 'undefined';
}
function isObject(v) {
    return v !== null && typeof v === 'object' && !Array.isArray(v);
}
function elementMatches(wanted, actual) {
    if (isObject(wanted) || isObject(actual))
        return canonical(wanted) === canonical(actual);
    if (Array.isArray(actual))
        return actual.some((a) => elementMatches(wanted, a));
    return wanted === actual;
}
function valueMatches(wanted, actual) {
    if (Array.isArray(wanted))
        return wanted.some((w) => elementMatches(w, actual));
    return elementMatches(wanted, actual);
}
export function matchesMetadata(filters, metadata) {
    for (const [key, wanted] of filters) {
        if (!metadata.has(key))
            return false;
        if (!valueMatches(wanted, metadata.get(key)))
            return false;
    }
    return true;
}
