import { z } from 'zod'
import { InvalidParamsError } from '../errors.ts'
import type { Log } from '../evm/index.ts'
import { parameterCountRefusal, parameterRefusal } from '../logs/index.ts'
import type { LogFilter, LogQueryResult, PositionedLog } from '../logs/index.ts'
import type { ProviderProfile } from './providers/providerProfile.ts'
import { responseSizeRefusal } from './providers/responseSize.ts'
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
 * Parses and checks a filter object: exclusive fields, topic positions, and the parameter limits of the
 * network's provider (the counts alone decide, before anything is scanned).
 */
export function parseLogFilter(method: string, params: unknown[], profile: ProviderProfile): LogFilter {
  refuseOversizedFilter(params[0], profile)
  const [filter] = parseParams(method, [logFilterObject], params)
  return toLogFilter(filter, profile)
}

/**
 * Refuses a filter with more addresses and topic values than the provider allows, counted on the JSON as it
 * came, before any element is validated or converted: an oversized filter is refused for what parsing its JSON
 * cost, not for what a hundred thousand conversions would.
 */
export function refuseOversizedFilter(filter: unknown, profile: ProviderProfile): void {
  const tooMany = parameterCountRefusal(rawParameterCounts(filter), profile.logLimits)
  if (tooMany) throw profile.refusalError(tooMany)
}

/** A parsed filter object as the log query takes it, checked: exclusive fields, topic positions, the provider's limits. */
export function toLogFilter(filter: LogFilterObject, profile: ProviderProfile): LogFilter {
  const blockHash = filter.blockHash ?? filter.blockhash ?? undefined
  if (blockHash && (filter.fromBlock != null || filter.toBlock != null)) {
    throw new InvalidParamsError('invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other')
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
  const refused = parameterRefusal(parsed, profile.logLimits)
  if (refused) throw profile.refusalError(refused)
  return parsed
}

/**
 * The parameter counts of a filter object as it came over the wire (addresses and topic values, each OR
 * alternative one; a position that holds null or nothing is a wildcard and counts none), without looking at
 * what the values are: the total, and the most in one position. For a filter that then parses, they equal the
 * counts of the parsed filter.
 */
function rawParameterCounts(filter: unknown): { count: number; largestPosition: number } {
  if (typeof filter !== 'object' || filter === null) return { count: 0, largestPosition: 0 }
  const { address, topics } = filter as { address?: unknown; topics?: unknown }
  let count = Array.isArray(address) ? address.length : address == null ? 0 : 1
  let largestPosition = count
  if (!Array.isArray(topics)) return { count, largestPosition }
  for (const position of topics) {
    const values = Array.isArray(position) ? wildcardOr(position.length, position.includes(null)) : position == null ? 0 : 1
    count += values
    if (values > largestPosition) largestPosition = values
  }
  return { count, largestPosition }
}

/** The values of a topic position holding `length` alternatives: none when it is a wildcard (empty, or with null). */
function wildcardOr(length: number, holdsNull: boolean): number {
  return length === 0 || holdsNull ? 0 : length
}

/**
 * The answer of a log query, or its refusal thrown as the provider words it: the query's own limits, then the
 * provider's cap on the answer's size.
 */
export function logsOrThrow(result: LogQueryResult, profile: ProviderProfile): { canonical: PositionedLog[]; pending: Log[] } {
  if (result.status !== 'ok') throw profile.refusalError(result)
  if (profile.maxResponseBytes !== undefined) {
    const tooLarge = responseSizeRefusal(result.canonical, result.pending, profile.maxResponseBytes, result.requested)
    if (tooLarge) throw profile.refusalError(tooLarge)
  }
  return result
}
