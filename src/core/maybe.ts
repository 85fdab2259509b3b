/**
 * A value now (the memory store) or later (the Redis store). An area's state interface returns this where
 * the Redis implementation must ask Redis: the memory path stays synchronous and awaits nothing.
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Applies `f` to a value now or later, staying synchronous when the value is. Not named `then`: a module
 * exporting `then` is a thenable namespace, which a dynamic import (vitest loads every module so) resolves by
 * calling it.
 */
export function andThen<T, U>(value: MaybePromise<T>, f: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}
