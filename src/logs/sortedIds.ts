/** Index of the first element of `ids[lo, hi)` that is ≥ `target` (`hi` if none); `ids` ascending. */
export function lowerBound(ids: Uint32Array, target: number, lo = 0, hi = ids.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (ids[mid]! < target) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Index of the first element of `ids[lo, hi)` that is > `target` (`hi` if none); `ids` ascending. */
export function upperBound(ids: Uint32Array, target: number, lo = 0, hi = ids.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (ids[mid]! <= target) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * {@link lowerBound} from `from` on, probing 1, 2, 4... elements ahead first: a cursor that moves forward
 * through a long run pays for the distance it moves, not for the run's length.
 */
export function gallop(ids: Uint32Array, target: number, from: number): number {
  let lo = from
  let hi = from
  let step = 1
  while (hi < ids.length && ids[hi]! < target) {
    lo = hi + 1
    hi += step
    step *= 2
  }
  return lowerBound(ids, target, lo, Math.min(hi, ids.length))
}

/** `array` if it holds `capacity` elements, else a copy at least twice as long (amortised O(1) appends). */
export function withCapacity<T extends Uint32Array | Uint8Array | Float64Array>(array: T, capacity: number): T {
  if (capacity <= array.length) return array
  const grown = new (array.constructor as new (length: number) => T)(Math.max(capacity, array.length * 2))
  grown.set(array)
  return grown
}
