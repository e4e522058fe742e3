import { z } from 'zod'
import { InvalidParamsError, LimitExceededError, ServerError } from '../errors.ts'
import type { Log } from '../evm/index.ts'
import { countCriteriaParameters, matchesCriteria } from '../logs/index.ts'
import type { LogCriteria, PositionedLog } from '../logs/index.ts'
import type { LogFilterCriteria } from '../filters/types.ts'
import type { ChainNode } from '../node.ts'
import type { LogLimits } from './methodContext.ts'
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

/** A filter's criteria: what to match, and its bounds as given (tags unresolved). */
export type LogFilterSpec = LogFilterCriteria

/** Parses and checks a filter object: exclusive fields, topic positions, parameter count. */
export function parseLogFilter(method: string, params: unknown[], limits: LogLimits): LogFilterSpec {
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
  const spec: LogFilterSpec = {
    addresses,
    topics,
    fromBlock: filter.fromBlock ?? 'latest',
    toBlock: filter.toBlock ?? 'latest',
    blockHash,
  }
  // Checked before anything is scanned: the count alone decides.
  const parameters = countCriteriaParameters(criteriaOf(spec))
  if (parameters > limits.maxLogParams) {
    throw new LimitExceededError(
      `query has ${parameters} parameters (addresses and topics), more than the limit of ${limits.maxLogParams}`,
    )
  }
  return spec
}

function criteriaOf(spec: LogFilterSpec): Omit<LogCriteria, 'fromBlock' | 'toBlock'> {
  return { addresses: spec.addresses, topics: spec.topics }
}

/** Whether a log (mined, removed or pending) satisfies the filter's address and topic criteria. */
export function logMatchesFilter(log: Log, spec: LogFilterSpec): boolean {
  return matchesCriteria(log, criteriaOf(spec))
}

/** The canonical range a filter covers now, and whether it includes the pending block. */
export interface ResolvedRange {
  from: bigint
  to: bigint
  /** Canonical blocks are part of the answer (false when both bounds are `pending`). */
  canonical: boolean
  pending: boolean
}

/**
 * Resolves a filter's bounds against the current head, with geth's range checks. An installed
 * filter may end in the future (`clampToHead`): its range is cut at the head instead.
 */
export function resolveRange(node: ChainNode, spec: LogFilterSpec, options: { clampToHead?: boolean } = {}): ResolvedRange {
  if (spec.blockHash) {
    const block = node.chain.blockByHash(spec.blockHash)
    if (!block || !node.chain.isCanonical(block)) throw new ServerError('unknown block')
    return { from: block.number, to: block.number, canonical: true, pending: false }
  }
  const head = node.head.number
  if (spec.fromBlock === 'pending') {
    if (spec.toBlock !== 'pending') throw new InvalidParamsError('invalid block range params')
    return { from: head + 1n, to: head, canonical: false, pending: true }
  }
  const from = typeof spec.fromBlock === 'bigint' ? spec.fromBlock : node.chain.tagNumber(spec.fromBlock)
  const pending = spec.toBlock === 'pending'
  const requestedTo = pending ? head : typeof spec.toBlock === 'bigint' ? spec.toBlock : node.chain.tagNumber(spec.toBlock)
  if (from > requestedTo) throw new InvalidParamsError('invalid block range params')
  if (requestedTo > head && !options.clampToHead) {
    throw new InvalidParamsError('block range extends beyond current head block')
  }
  const to = requestedTo > head ? head : requestedTo
  // Only a clamped range can start past the head: none of its blocks exists yet.
  return { from, to, canonical: from <= to, pending }
}

/**
 * Canonical logs of the range under the network's limits (-32005 past them). `alreadyCounted`
 * results of the same answer (pending logs) count toward the result limit.
 */
export function queryCanonicalLogs(
  node: ChainNode,
  spec: LogFilterSpec,
  range: { from: bigint; to: bigint },
  limits: LogLimits,
  alreadyCounted = 0,
): PositionedLog[] {
  const room = limits.maxLogResults - alreadyCounted
  if (room < 0) throw new LimitExceededError(`query returned more than ${limits.maxLogResults} results`, { data: { limit: limits.maxLogResults } })
  const result = node.logs.query(
    { fromBlock: range.from, toBlock: range.to, ...criteriaOf(spec) },
    { limit: room, deadline: performance.now() + limits.queryTimeoutMs },
  )
  switch (result.status) {
    case 'ok':
      return result.logs
    case 'timeout':
      throw new LimitExceededError('query timeout exceeded')
    case 'tooManyResults': {
      const limit = limits.maxLogResults
      const suggested = result.suggestedRange
      if (!suggested) throw new LimitExceededError(`query returned more than ${limit} results`, { data: { limit } })
      const from = `0x${suggested.from.toString(16)}`
      const to = `0x${suggested.to.toString(16)}`
      throw new LimitExceededError(
        `query returned more than ${limit} results. Try with this block range [${from}, ${to}].`,
        { data: { from, to, limit } },
      )
    }
  }
}

/** Logs of the pending block that satisfy the filter, in pool order. */
export async function queryPendingLogs(node: ChainNode, spec: LogFilterSpec): Promise<Log[]> {
  const pending = await node.pendingBlock()
  return pending.transactions.flatMap((t) => t.logs.filter((log) => logMatchesFilter(log, spec)))
}
