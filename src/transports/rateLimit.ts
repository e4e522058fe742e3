import { RateLimitExceededError } from '../errors.ts'

/** Options of {@link createRateLimiter}. */
export type RateLimitOptions = {
  /** Tokens added to each key's bucket per second. */
  requestsPerSecond: number
  /** Bucket size: how many requests a key may send at once after a quiet spell. */
  burst: number
  /** Milliseconds on a monotonic clock; tests may pass their own. Default `performance.now`. */
  now?: () => number
}

/** Token buckets, one per API key. */
export type RateLimiter = {
  /**
   * Takes `requests` tokens from `key`'s bucket: undefined when granted, otherwise the error to answer
   * with (nothing is taken then). A message of more requests than `burst` can never be granted.
   */
  take(key: string, requests: number): RateLimitExceededError | undefined
  /** How many keys have a bucket now. */
  readonly size: number
  /** How many times the buckets were swept for quiet keys; each sweep costs the keys tracked then. */
  readonly sweeps: number
}

// Buckets that have refilled completely are forgotten once this many keys are tracked, so that clients
// inventing keys (any key is accepted when none are configured) cannot grow memory without bound. When
// few can be forgotten, the next sweep waits until the count has doubled, so sweeps stay cheap.
const PRUNE_ABOVE = 10_000

type Bucket = { tokens: number; updatedAt: number }

/**
 * Creates a per-key token-bucket rate limiter: each key starts with `burst` tokens and regains
 * `requestsPerSecond` a second, never more than `burst`; each JSON-RPC request costs one token.
 * @example
 * const limiter = createRateLimiter({ requestsPerSecond: 10, burst: 20 })
 * limiter.take('my-key', 1) // undefined: granted
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { requestsPerSecond, burst } = options
  const now = options.now ?? (() => performance.now())
  const buckets = new Map<string, Bucket>()
  let pruneAbove = PRUNE_ABOVE
  let sweeps = 0

  const refill = (bucket: Bucket, at: number) => {
    bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.updatedAt) * requestsPerSecond) / 1000)
    bucket.updatedAt = at
  }

  const prune = (at: number) => {
    sweeps++
    for (const [key, bucket] of buckets) {
      refill(bucket, at)
      if (bucket.tokens >= burst) buckets.delete(key)
    }
  }

  return {
    take(key, requests) {
      const at = now()
      let bucket = buckets.get(key)
      if (bucket === undefined) {
        if (buckets.size >= pruneAbove) {
          prune(at)
          pruneAbove = Math.max(PRUNE_ABOVE, buckets.size * 2)
        }
        bucket = { tokens: burst, updatedAt: at }
        buckets.set(key, bucket)
      } else {
        refill(bucket, at)
      }
      if (requests <= bucket.tokens) {
        bucket.tokens -= requests
        return undefined
      }
      const retryAfterMs = requests > burst ? undefined : Math.ceil(((requests - bucket.tokens) * 1000) / requestsPerSecond)
      return new RateLimitExceededError({ ...(retryAfterMs === undefined ? {} : { retryAfterMs }), requestsPerSecond, burst })
    },
    get size() {
      return buckets.size
    },
    get sweeps() {
      return sweeps
    },
  }
}
