import { createPublicClient, http } from 'viem'
import type { Address, Log, PublicClient } from 'viem'
import { createTransferFilter, TRANSFER, type IndexedLog, type TransferFilter } from './referenceIndexer.ts'

/**
 * The indexer most people write first: one eth_getLogs from block 0 to the head, then a filter it polls,
 * trusting every answer. No range splitting, no filter re-creation, no check that what it holds is still
 * canonical: each provider limit and each fault stops it, or leaves it wrong.
 */
export class NaiveIndexer {
  readonly logs: IndexedLog[] = []
  private readonly client: PublicClient
  private filter: TransferFilter | undefined

  constructor(
    url: string,
    private readonly address: Address,
  ) {
    this.client = createPublicClient({ transport: http(url, { retryCount: 0 }) })
  }

  /** Every Transfer log so far, in one request, then a filter for what follows. */
  async start(): Promise<void> {
    const logs = await this.client.getLogs({ address: this.address, event: TRANSFER, fromBlock: 0n, toBlock: 'latest', strict: false })
    this.keep(logs as Log[])
    this.filter = await createTransferFilter(this.client, this.address)
  }

  /** One poll of its filter. */
  async poll(): Promise<void> {
    this.keep((await this.client.getFilterChanges({ filter: this.filter! })) as Log[])
  }

  private keep(logs: Log[]): void {
    for (const log of logs) {
      if (log.removed) continue
      this.logs.push({
        blockNumber: log.blockNumber!,
        blockHash: log.blockHash!,
        logIndex: log.logIndex!,
        transactionHash: log.transactionHash!,
        topics: log.topics,
        data: log.data,
      })
    }
  }
}
