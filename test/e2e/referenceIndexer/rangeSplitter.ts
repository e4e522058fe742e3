import type { ProviderError } from './providerError.ts'

/** An inclusive block range. */
export interface Range {
  from: bigint
  to: bigint
}

/**
 * The range to ask for next when a provider refused `range`, read from its answer as each provider words it
 * (the formats Ponder's getLogsRetryHelper and Envio's RpcSource parse):
 * - a range to try: Infura's `Try with this block range [0xA, 0xB]` and `data: {from, to}`, Alchemy's
 *   `this block range should work: [0xA, 0xB]`;
 * - a cap: QuickNode's `limited to a 10,000 range`, geth-family `exceed maximum block range: N`, Infura's
 *   `range R exceeds limit of L`;
 * - a limit with no range (a timeout, a size, a result count, a bare HTTP 413): half the range.
 * A suggested range is trusted only if it starts where the request did and is strictly narrower: providers
 * suggest the request itself, or a range that still does not fit, and a client that retries them loops.
 * Undefined when the answer is not a range refusal, or when one block cannot be split further.
 */
export function nextRange(error: ProviderError, range: Range): Range | undefined {
  if (!isRangeRefusal(error)) return undefined
  const suggested = suggestedRange(error)
  if (suggested && suggested.from === range.from && suggested.to >= range.from && suggested.to < range.to) return suggested
  const cap = namedCap(error.message)
  if (cap !== undefined && range.from + cap < range.to) return { from: range.from, to: range.from + cap }
  if (range.to === range.from) return undefined
  return { from: range.from, to: range.from + (range.to - range.from) / 2n }
}

// Every provider's words for a query too large to answer (never a range past the head: that one waits).
const SIZE_OR_COUNT =
  /query returned more than|Log response size exceeded|response too large|timeout exceeded|timed out|exceeds limit of|limited to a|exceed maximum block range|block range should work/i

function isRangeRefusal(error: ProviderError): boolean {
  // 413 with no JSON-RPC error to read: a batch whose request was too large (viem keeps only the status).
  return SIZE_OR_COUNT.test(error.message) || error.status === 413
}

function suggestedRange(error: ProviderError): Range | undefined {
  const data = error.data as { from?: unknown; to?: unknown } | undefined
  if (typeof data?.from === 'string' && typeof data.to === 'string') return { from: BigInt(data.from), to: BigInt(data.to) }
  const match = /\[(0x[0-9a-fA-F]+),\s*(0x[0-9a-fA-F]+)\]/.exec(error.message)
  return match ? { from: BigInt(match[1]!), to: BigInt(match[2]!) } : undefined
}

/** The widest `to − from` a message names: `limited to a 10,000 range`, `maximum block range: 5000`, `limit of 10000`. */
function namedCap(message: string): bigint | undefined {
  const match = /limited to a ([\d,]+) range|exceed maximum block range: (\d+)|exceeds limit of (\d+)/.exec(message)
  const digits = match?.slice(1).find((group) => group !== undefined)
  return digits === undefined ? undefined : BigInt(digits.replaceAll(',', ''))
}
