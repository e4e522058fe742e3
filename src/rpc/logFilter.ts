import { z } from 'zod'
import { InvalidParamsError, LimitExceededError, ServerError } from '../errors.ts'
import type { RpcError } from '../errors.ts'
import type { Log } from '../evm/index.ts'
import { parameterRefusal } from '../logs/index.ts'
import type { LogFilter, LogLimits, LogQueryRefusal, LogQueryResult, PositionedLog } from '../logs/index.ts'
import { address, blockTag, hash32, parseParams } from './schemas.ts'

const MAX_TOPIC_POSITIONS = 4

const topicPosition = z.union([z.null(), hash32, z.array(z.union([hash32, z.null()]))], {
  error: 'expected topic: null, a 32-byte hash, or an array of them',
})

/** The filter object of eth_getLogs and eth_newFilter (Infura's method reference, geth's rules). */
export const logFilterObject = z.object(
  {
    address: z.union([address, z.array(address)], { error: 'expected address or array of addresses' }).nullish(),
    fromBlock: blockTag.nullish(),
    toBlock: blockTag.nullish(),
    topics: z.array(topicPosition, { error: 'expected array of topics' }).nullish(),
    blockHash: hash32.nullish(),
    // Infura's method reference lists the field in lower case once; both spellings are accepted.
    blockhash: hash32.nullish(),
  },
  { error: 'expected filter object' },
)

export type LogFilterObject = z.output<typeof logFilterObject>

/**
 * Parses and checks a filter object: exclusive fields, topic positions, and the parameter limit (the count
 * alone decides, before anything is scanned).
 */
export function parseLogFilter(method: string, params: unknown[], limits: LogLimits): LogFilter {
  // Counted on the JSON as it came, before any element is validated or converted: an oversized filter is
  // refused for what parsing its JSON cost, not for what a hundred thousand conversions would.
  const count = rawParameterCount(params[0])
  if (count > limits.maxLogParams) throw refusalError({ status: 'tooManyParameters', count, limit: limits.maxLogParams })
  const [filter] = parseParams(method, [logFilterObject], params)
  const blockHash = filter.blockHash ?? filter.blockhash ?? undefined
  if (blockHash && (filter.fromBlock != null || filter.toBlock != null)) {
    throw new InvalidParamsError(
      'invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
    )
  }
  const topics = (filter.topics ?? []).map((position) => {
    if (position === null) return null
    if (position instanceof Uint8Array) return [position]
    // An array holding null, or an empty array, matches anything at that position (geth).
    return position.length === 0 || position.includes(null) ? null : (position as Uint8Array[])
  })
  if (topics.length > MAX_TOPIC_POSITIONS) throw new InvalidParamsError('exceed max topics')
  const addresses = filter.address == null ? [] : filter.address instanceof Uint8Array ? [filter.address] : filter.address
  const parsed: LogFilter = {
    addresses,
    topics,
    fromBlock: filter.fromBlock ?? 'latest',
    toBlock: filter.toBlock ?? 'latest',
    blockHash,
  }
  const refused = parameterRefusal(parsed, limits)
  if (refused) throw refusalError(refused)
  return parsed
}

/**
 * The parameter count of a filter object as it came over the wire (addresses and topic values, each OR
 * alternative one; a position that holds null or nothing is a wildcard and counts none), without looking at
 * what the values are. For a filter that then parses, it equals the count of the parsed filter.
 */
function rawParameterCount(filter: unknown): number {
  if (typeof filter !== 'object' || filter === null) return 0
  const { address, topics } = filter as { address?: unknown; topics?: unknown }
  let count = Array.isArray(address) ? address.length : address == null ? 0 : 1
  if (!Array.isArray(topics)) return count
  for (const position of topics) {
    if (Array.isArray(position)) count += position.length === 0 || position.includes(null) ? 0 : position.length
    else if (position != null) count += 1
  }
  return count
}

/** The wire error of a refused log query: geth's words for range problems, Infura's for its limits. */
export function refusalError(refusal: LogQueryRefusal): RpcError {
  switch (refusal.status) {
    case 'tooManyParameters':
      return new LimitExceededError(
        `query has ${refusal.count} parameters (addresses and topics), more than the limit of ${refusal.limit}`,
      )
    case 'tooManyResults': {
      const { limit, suggestedRange } = refusal
      if (!suggestedRange) return new LimitExceededError(`query returned more than ${limit} results`, { data: { limit } })
      // Infura's live form, which clients parse: the widest range from `fromBlock` whose results fit.
      const from = `0x${suggestedRange.from.toString(16)}`
      const to = `0x${suggestedRange.to.toString(16)}`
      return new LimitExceededError(`query returned more than ${limit} results. Try with this block range [${from}, ${to}].`, {
        data: { from, to, limit },
      })
    }
    case 'timeout':
      return new LimitExceededError('query timeout exceeded')
    case 'unknownBlock':
      return new ServerError('unknown block')
    case 'invalidRange':
      return new InvalidParamsError('invalid block range params')
    case 'beyondHead':
      return new InvalidParamsError('block range extends beyond current head block')
  }
}

/** The answer of a log query, or its refusal thrown as the wire error. */
export function logsOrThrow(result: LogQueryResult): { canonical: PositionedLog[]; pending: Log[] } {
  if (result.status !== 'ok') throw refusalError(result)
  return result
}
