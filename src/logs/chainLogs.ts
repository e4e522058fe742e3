import type { Chain } from '../chain/chain.ts'
import type { ReorgEvent } from '../chain/events.ts'
import { resolveTagNumber } from '../chain/tags.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { Log } from '../evm/index.ts'
import { LogIndex } from './logIndex.ts'
import { installRefusal, queryLogs } from './queryLogs.ts'
import type { LogLimits, LogQueryOptions, LogQueryRefusal, LogQueryResult, LogSource } from './queryLogs.ts'
import type { IndexedBlock, LogFilter, LogMatchCriteria, OlderLogs } from './types.ts'

/** Where a chain's logs are completed from: its pending block, and the blocks before its first (a fork's upstream). */
export interface ChainLogsOptions {
  /** The pending block's logs that match, in the order it would mine them. */
  pendingLogs(criteria: LogMatchCriteria): Promise<Log[]>
  olderLogs?: OlderLogs
}

/**
 * A network's logs: the log index kept on its canonical chain (the blocks it holds, then every block added and
 * every reorg it announces), and the one log query over it, with the chain's tags and the pending block.
 */
export class ChainLogs {
  /** Exactly the canonical chain's logs (filters read the ranges they have resolved from it). */
  readonly index = new LogIndex()
  #chain: Chain
  readonly #indexBlock = (block: ChainBlock) => this.index.append(toIndexedBlock(block))
  readonly #indexReorg = ({ commonAncestor, added }: ReorgEvent) => {
    this.index.truncate(commonAncestor.number + 1n)
    for (const block of added) this.index.append(toIndexedBlock(block))
  }

  constructor(
    chain: Chain,
    private readonly options: ChainLogsOptions,
  ) {
    this.#chain = chain
    this.indexFrom(chain)
  }

  /** Indexes `chain` in place of the one followed so far, which its owner has just taken back to genesis. */
  follow(chain: Chain): void {
    this.#chain.events.off('blockAdded', this.#indexBlock)
    this.#chain.events.off('reorged', this.#indexReorg)
    this.#chain = chain
    this.index.truncate(0n)
    this.indexFrom(chain)
  }

  /**
   * eth_getLogs, eth_getFilterLogs: the logs `filter` matches under `limits`, or why there are none. With
   * `asOf`, tags and the head check are resolved against that canonical block instead of the head, as a replica
   * that lags behind answers (blocks above it are unknown to it).
   */
  query(filter: LogFilter, limits: LogLimits, options: LogQueryOptions & { asOf?: bigint } = {}): Promise<LogQueryResult> {
    return queryLogs(this.source(options.asOf), filter, limits, options)
  }

  /** eth_newFilter's checks: why `filter` cannot be installed, if it cannot. */
  installRefusal(filter: LogFilter): LogQueryRefusal | undefined {
    return installRefusal(this.source(), filter, (hash) => this.#chain.blockByHash(hash) !== undefined)
  }

  private source(asOf?: bigint): LogSource {
    const chain = this.#chain
    const head = asOf !== undefined && asOf < chain.head.number ? asOf : chain.head.number
    return {
      index: this.index,
      head,
      tagNumber: (tag) => resolveTagNumber(tag, head, chain.finality),
      canonicalNumberOf: (hash) => {
        const block = chain.blockByHash(hash)
        return block && chain.isCanonical(block) && block.number <= head ? block.number : undefined
      },
      pendingLogs: (criteria) => this.options.pendingLogs(criteria),
      olderLogs: this.options.olderLogs,
    }
  }

  private indexFrom(chain: Chain): void {
    for (let n = chain.genesis.number; n <= chain.head.number; n++) this.#indexBlock(chain.blockByNumber(n) as ChainBlock)
    chain.events.on('blockAdded', this.#indexBlock)
    chain.events.on('reorged', this.#indexReorg)
  }
}

function toIndexedBlock(block: ChainBlock): IndexedBlock {
  return {
    number: block.number,
    hash: block.hash,
    timestamp: block.timestamp,
    transactions: block.transactions.map((t) => ({ hash: t.signed.hash, logs: t.logs })),
  }
}
