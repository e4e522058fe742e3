/**
 * The errors the fault injector threw. Some are made to look like a real node's (a `lostFilter`'s
 * `filter not found`, a `rateLimit`'s provider 429), so the class cannot tell; the request record can.
 */
const injected = new WeakSet<object>()

/** Marks `error` as injected and gives it back, to be thrown. */
export function injectedError<E extends object>(error: E): E {
  injected.add(error)
  return error
}

/** Whether the fault injector threw `error`. */
export function isInjected(error: unknown): boolean {
  return typeof error === 'object' && error !== null && injected.has(error)
}
