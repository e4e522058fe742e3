import { setTimeout as sleep } from 'node:timers/promises'
import { ChainsimError, InternalError, ThroughputExceededError } from '../errors.ts'
import { UpstreamError, UpstreamUnanswered } from './errors.ts'
import { upstreamLabel } from './upstreamUrl.ts'

/** One JSON-RPC call to the upstream. */
export interface UpstreamCall {
  method: string
  params: unknown[]
}

/** One call's answer: its result, or the upstream's JSON-RPC error for it. */
export type UpstreamAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } }

/** What the fork asks its upstream through: the live client, or the offline stand-in that refuses. */
export interface Upstream {
  /** The URL as shown to people (keys cut down). */
  readonly label: string
  /** Sends the calls in one round trip (a JSON-RPC batch when there are several); answers in order. */
  send(calls: readonly UpstreamCall[]): Promise<UpstreamAnswer[]>
}

export interface UpstreamClientOptions {
  /**
   * One upstream read, every attempt and wait between them included, fails past this: a hung upstream (one that
   * accepts and never answers) fails the call that needed it within it. Default 10 s.
   */
  deadlineMs?: number
  /** An attempt answered later than this is a failure (retried while the deadline allows). Default 20 s. */
  timeoutMs?: number
  /** Further attempts after a transient failure (unreachable, timeout, HTTP 429 or 5xx, a rate-limit error). Default 3. */
  retries?: number
  /** Wait before the first retry, doubled before each next one (a 429's Retry-After wins when longer). Default 250 ms. */
  backoffMs?: number
}

export const UPSTREAM_DEFAULTS = { deadlineMs: 10_000, timeoutMs: 20_000, retries: 3, backoffMs: 250 } as const

// A Retry-After longer than this is not waited for: the call fails and says so.
const MAX_WAIT_MS = 10_000
// JSON-RPC errors that mean "slow down" rather than "no": providers word them so.
const RATE_LIMITED = /rate.?limit|too many requests|exceeded .*(capacity|throughput|quota)|try again later/i

/** A failure of one attempt: whether another attempt may succeed, and how long to wait first. */
class AttemptFailure extends ChainsimError {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly retryAfterMs?: number,
    /** No answer came before the attempt's timeout. */
    readonly timedOut = false,
  ) {
    super(message)
  }
}

/**
 * JSON-RPC over HTTP to the upstream a network forks: each round trip is bounded by a timeout, and transient
 * failures are retried a bounded number of times with doubling waits, all within one deadline per read; then the
 * call fails with an {@link UpstreamError} that names the upstream, the methods and the last failure. Counts what
 * it sends.
 */
export class UpstreamClient implements Upstream {
  label: string
  /** HTTP round trips made (retries included) and JSON-RPC calls sent in them. */
  readonly stats = { roundTrips: 0, calls: 0 }
  private readonly options: Required<UpstreamClientOptions>
  private nextId = 1

  constructor(
    private url: URL,
    options: UpstreamClientOptions = {},
  ) {
    this.label = upstreamLabel(url)
    this.options = {
      deadlineMs: options.deadlineMs ?? UPSTREAM_DEFAULTS.deadlineMs,
      timeoutMs: options.timeoutMs ?? UPSTREAM_DEFAULTS.timeoutMs,
      retries: options.retries ?? UPSTREAM_DEFAULTS.retries,
      backoffMs: options.backoffMs ?? UPSTREAM_DEFAULTS.backoffMs,
    }
  }

  /**
   * anvil_setRpcUrl: later reads go to `url`, which must serve the same chain (nothing checks that it does, as
   * on Anvil: a provider swapped for another, a key rotated); what was read and cached stays.
   */
  retarget(url: URL): void {
    this.url = url
    this.label = upstreamLabel(url)
  }

  async send(calls: readonly UpstreamCall[]): Promise<UpstreamAnswer[]> {
    const { retries, backoffMs, deadlineMs } = this.options
    const deadline = performance.now() + deadlineMs
    const fail = (message: string, attempts: number): never => {
      throw new UpstreamError(this.label, `${calls.map((c) => c.method).join(', ')}: ${message}${attempts > 1 ? ` (${attempts} attempts)` : ''}`)
    }
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(calls, deadline)
      } catch (error) {
        const failure = error instanceof AttemptFailure ? error : new AttemptFailure(String(error), false)
        const attempts = attempt + 1
        if (!failure.transient || attempt >= retries) fail(failure.message, attempts)
        const backoff = backoffMs * 2 ** attempt
        const wait = Math.max(backoff, failure.retryAfterMs ?? 0)
        if (wait > MAX_WAIT_MS) {
          throw new UpstreamError(this.label, `${failure.message}; it asks to wait ${Math.ceil(wait / 1000)} s`)
        }
        // A retry that could not be answered before the deadline is not made.
        if (performance.now() + wait >= deadline) {
          // An attempt that timed out already says the time it waited; the deadline is what ends it.
          const reason = failure.timedOut
            ? `no answer within the ${deadlineMs} ms deadline`
            : `${failure.message}; no answer within the ${deadlineMs} ms deadline`
          throw new UpstreamUnanswered(this.label, `${calls.map((c) => c.method).join(', ')}: ${reason}${attempts > 1 ? ` (${attempts} attempts)` : ''}`)
        }
        await sleep(wait)
      }
    }
  }

  /** One round trip, given up at `deadline` (a `performance.now()` time) or after the attempt's timeout. */
  private async attempt(calls: readonly UpstreamCall[], deadline: number): Promise<UpstreamAnswer[]> {
    const requests = calls.map((call) => ({ jsonrpc: '2.0', id: this.nextId++, method: call.method, params: call.params }))
    this.stats.roundTrips++
    this.stats.calls += calls.length
    // The attempt's own timeout, or what is left of the deadline when that is shorter.
    const timeoutMs = Math.max(1, Math.min(this.options.timeoutMs, Math.ceil(deadline - performance.now())))
    const signal = AbortSignal.timeout(timeoutMs)
    let response: Response
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(requests.length === 1 ? requests[0] : requests),
        signal,
      })
    } catch (error) {
      throw new AttemptFailure(networkFailure(error, timeoutMs), true, undefined, isTimeout(error))
    }
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      throw new AttemptFailure(networkFailure(error, timeoutMs), true, undefined, isTimeout(error))
    }
    if (response.status === 429) {
      throw new AttemptFailure('HTTP 429 Too Many Requests', true, retryAfterMs(response.headers.get('retry-after')))
    }
    const status = `HTTP ${response.status} ${response.statusText}`.trim()
    if (response.status >= 500) throw new AttemptFailure(status, true)
    let answers: UpstreamAnswer[]
    try {
      answers = parseAnswers(
        text,
        requests.map((r) => r.id),
      )
    } catch (error) {
      // Some providers send JSON-RPC errors with a 4xx status: those are answers; anything else is the status.
      throw response.status === 200 ? error : new AttemptFailure(status, false)
    }
    const limited = answers.find((a) => 'error' in a && (a.error.code === ThroughputExceededError.code || RATE_LIMITED.test(a.error.message)))
    if (limited && 'error' in limited) throw new AttemptFailure(`rate limited: ${limited.error.message}`, true)
    return answers
  }
}

/** The answers of a response body, in the order of `ids`; anything else is not JSON-RPC. */
function parseAnswers(text: string, ids: readonly number[]): UpstreamAnswer[] {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new AttemptFailure(`answered something that is not JSON: ${text.slice(0, 80)}`, false)
  }
  // A provider that refuses batches (or the request) answers one error object for all of them.
  if (!Array.isArray(body) && ids.length > 1) {
    const error = errorOf(body)
    if (error) return ids.map(() => ({ error }))
  }
  const responses = Array.isArray(body) ? body : [body]
  const byId = new Map<unknown, unknown>(responses.map((r) => [(r as { id?: unknown })?.id, r]))
  return ids.map((id) => {
    // One request, one response: whatever id it echoes (some proxies rewrite ids).
    const response = (ids.length === 1 && responses.length === 1 ? responses[0] : byId.get(id)) as { result?: unknown; error?: unknown } | undefined
    if (!response) throw new AttemptFailure(`answered no response for request ${id}`, false)
    const error = errorOf(response)
    if (error) return { error }
    if (!('result' in response)) throw new AttemptFailure('answered a response with neither result nor error', false)
    return { result: response.result }
  })
}

function errorOf(response: unknown): { code: number; message: string; data?: unknown } | undefined {
  const error = (response as { error?: unknown })?.error as { code?: unknown; message?: unknown; data?: unknown } | undefined
  if (!error || typeof error !== 'object') return undefined
  const code = typeof error.code === 'number' ? error.code : InternalError.code
  const message = typeof error.message === 'string' ? error.message : JSON.stringify(error)
  return error.data === undefined ? { code, message } : { code, message, data: error.data }
}

/** What went wrong before an answer arrived, in the system's words (connect ECONNREFUSED 127.0.0.1:8545). */
function networkFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (isTimeout(error)) return `no answer within ${timeoutMs} ms`
  return e?.cause?.message ?? e?.cause?.code ?? e?.message ?? String(error)
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string })?.name
  return name === 'TimeoutError' || name === 'AbortError'
}

/** Retry-After in seconds or as an HTTP date, in ms. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}
