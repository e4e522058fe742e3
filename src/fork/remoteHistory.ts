import { keyOf } from '../evm/index.ts'
import type { LogMatchCriteria, OlderLogs, PositionedLog } from '../logs/index.ts'
import { InternalError } from '../errors.ts'
import { UpstreamAnswerError } from './errors.ts'
import type { ForkedUpstream, ForkPoint } from './forkedUpstream.ts'
import { logOf, quantityOf } from './upstreamFormats.ts'

/**
 * The chain up to the fork block, as the upstream has it: blocks, transactions, receipts, logs and state at
 * older blocks, asked by explicit number or hash only and cached for good (they cannot change while the
 * upstream holds the fork block, which every fetch checks). Answers are the upstream's own JSON.
 */
export class RemoteHistory implements OlderLogs {
  constructor(private readonly fork: ForkedUpstream) {}

  get forkPoint(): ForkPoint {
    return this.fork.forkPoint
  }

  /** The newest block the upstream answers for: the fork block. */
  get last(): bigint {
    return this.fork.forkPoint.number
  }

  /**
   * The upstream's answer to `method(params)`, or null when `belongs` says it is not part of the fork's
   * history (a transaction mined upstream after the fork block). The upstream's JSON-RPC error is passed on
   * as an {@link UpstreamAnswerError}; errors are not cached.
   */
  async answer(method: string, params: readonly unknown[], belongs?: (result: Record<string, unknown>) => boolean): Promise<unknown> {
    const key = `${method} ${JSON.stringify(params)}`
    const cached = this.fork.cache.get<unknown>('answer', key)
    if (cached !== undefined) return cached
    return this.fork.once(`answer ${key}`, async () => {
      const result = await this.ask(method, params)
      const kept = result !== null && typeof result === 'object' && belongs && !belongs(result as Record<string, unknown>) ? null : result
      this.fork.cache.put('answer', key, kept)
      return kept
    })
  }

  /**
   * The upstream's answer to `method(params)`, not cached: a trace of an upstream transaction or block (its
   * struct logs can run to megabytes, and it is asked for rarely). Errors are passed on as in `answer`.
   */
  passOn(method: string, params: readonly unknown[]): Promise<unknown> {
    return this.ask(method, params)
  }

  private async ask(method: string, params: readonly unknown[]): Promise<unknown> {
    const [answer] = await this.fork.sendChecked([{ method, params: [...params] }])
    if (!answer) throw new UpstreamAnswerError(InternalError.code, `the upstream gave no answer to ${method}`)
    if ('error' in answer) throw new UpstreamAnswerError(answer.error.code, answer.error.message, answer.error.data)
    return answer.result
  }

  /** Whether a block or transaction object of the upstream's sits at or below the fork block (pending ones do not). */
  atOrBelowFork = (result: Record<string, unknown>): boolean => {
    const number = result.blockNumber ?? result.number
    return typeof number === 'string' && quantityOf(number, 'block number') <= this.forkPoint.number
  }

  /** The number of an upstream block by hash, when it is at or below the fork block. */
  async blockNumberOf(hash: Uint8Array): Promise<bigint | undefined> {
    const block = (await this.answer('eth_getBlockByHash', [keyOf(hash), false], this.atOrBelowFork)) as { number?: unknown } | null
    return block ? quantityOf(block.number, 'block number') : undefined
  }

  /** The upstream's logs matching `criteria` in blocks `from`..`to` (at most the fork block), in chain order. */
  async logs(criteria: LogMatchCriteria, from: bigint, to: bigint): Promise<PositionedLog[]> {
    const filter: Record<string, unknown> = { fromBlock: hex(from), toBlock: hex(to) }
    if (criteria.addresses && criteria.addresses.length > 0) filter.address = criteria.addresses.map(keyOf)
    if (criteria.topics && criteria.topics.length > 0) {
      filter.topics = criteria.topics.map((position) =>
        position === null ? null : position instanceof Uint8Array ? keyOf(position) : position.length === 0 ? null : position.map(keyOf),
      )
    }
    const logs = (await this.answer('eth_getLogs', [filter])) as Array<Record<string, unknown>>
    const timestamps = await this.timestampsOf(logs)
    return logs.map((log) => logOf(log, (n) => timestamps.get(n)))
  }

  /** Block timestamps for logs that came without `blockTimestamp`, one block fetch each (cached). */
  private async timestampsOf(logs: ReadonlyArray<Record<string, unknown>>): Promise<Map<bigint, bigint>> {
    const numbers = new Set(logs.filter((log) => log.blockTimestamp == null).map((log) => quantityOf(log.blockNumber, 'log blockNumber')))
    const timestamps = new Map<bigint, bigint>()
    await Promise.all(
      [...numbers].map(async (n) => {
        const block = (await this.answer('eth_getBlockByNumber', [hex(n), false])) as { timestamp?: unknown } | null
        if (block) timestamps.set(n, quantityOf(block.timestamp, 'block timestamp'))
      }),
    )
    return timestamps
  }
}

export function hex(n: bigint): string {
  return `0x${n.toString(16)}`
}
