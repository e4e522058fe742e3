import type { Quantity, RpcFeeHistory } from 'viem'
import { blobGasPriceOf, blobGasUsedRatioOf } from '../../evm/index.ts'
import { InvalidParamsError, ServerError } from '../../errors.ts'
import type { ChainBlock } from '../../chain/types.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { toQuantity } from '../formatters/hex.ts'
import { blockTag, quantity } from '../schemas.ts'
import { tipPercentiles } from '../../mining/tipPercentiles.ts'
import { z } from 'zod'

const MAX_BLOCK_COUNT = 1024n
/** geth's query limit on reward percentiles: each block of the answer holds one tip per percentile. */
const MAX_REWARD_PERCENTILES = 100
const percentiles = z.array(z.number().min(0).max(100), { error: 'expected array of percentiles' })

/** eth_feeHistory's answer: viem's, with the blob fields geth adds from Cancun. */
export type FeeHistoryAnswer = RpcFeeHistory & { baseFeePerBlobGas?: Quantity[]; blobGasUsedRatio?: number[] }

export const eth_feeHistory = defineMethod({
  name: 'eth_feeHistory',
  description: "Base fees, blob base fees, gas-used ratios and tip percentiles of recent blocks (geth's form).",
  params: [z.union([quantity, z.number().int().nonnegative().transform(BigInt)]), blockTag, percentiles.optional()],
  result: returns<FeeHistoryAnswer>(),
  // A fork's fee history starts at its fork block: a newest block below it is refused, not asked upstream.
  reads: { block: { param: 1, kind: 'number' } },
  lagged: true,
  fork: 'local',
  cost: { infura: 80, alchemy: 10 },
  countFirst: countPercentilesFirst,
  handler: async ([count, newest, rewardPercentiles], { node }) => {
    if (rewardPercentiles?.some((p, i) => i > 0 && p < (rewardPercentiles[i - 1] as number))) {
      throw new InvalidParamsError('invalid argument 2: percentiles must be in ascending order')
    }
    const newestNumber = newest === 'pending' ? node.head.number : typeof newest === 'bigint' ? newest : node.chain.tagNumber(newest)
    if (newestNumber > node.head.number) throw new InvalidParamsError('request beyond head block')
    const blockCount = count > MAX_BLOCK_COUNT ? MAX_BLOCK_COUNT : count
    if (blockCount === 0n) return { oldestBlock: toQuantity(0), baseFeePerGas: [], gasUsedRatio: [] }
    // A fork's history starts at its fork block (the blocks below are the upstream's).
    const first = node.chain.genesis.number
    if (newestNumber < first)
      throw new InvalidParamsError(`invalid argument 1: block ${newestNumber} is before block ${first}, where this fork's fee history starts`)
    const oldest = newestNumber + 1n - blockCount < first ? first : newestNumber + 1n - blockCount
    const blocks: ChainBlock[] = []
    for (let n = oldest; n <= newestNumber; n++) blocks.push(node.blockBySelector(n) as ChainBlock)
    const baseFeePerGas = blocks.map((b) => toQuantity(b.header.baseFeePerGas ?? 0n))
    const last = blocks[blocks.length - 1] as ChainBlock
    baseFeePerGas.push(toQuantity(last.header.calcNextBaseFee()))
    // Blob fees and ratios: 0 for blocks before Cancun, as geth fills them.
    const baseFeePerBlobGas = blocks.map((b) => toQuantity(blobGasPriceOf(b.header) ?? 0n))
    const next = node.blockBySelector(newestNumber + 1n)
    baseFeePerBlobGas.push(toQuantity((next ? blobGasPriceOf(next.header) : node.nextBlobBaseFee) ?? 0n))
    const result: FeeHistoryAnswer = {
      oldestBlock: toQuantity(oldest),
      baseFeePerGas,
      gasUsedRatio: blocks.map((b) => Number(b.header.gasUsed) / Number(b.header.gasLimit)),
      baseFeePerBlobGas,
      blobGasUsedRatio: blocks.map((b) => blobGasUsedRatioOf(b.header) ?? 0),
    }
    if (rewardPercentiles) {
      result.reward = blocks.map((b) => tipPercentiles(b.header.baseFeePerGas ?? 0n, b.transactions, rewardPercentiles).map(toQuantity))
    }
    return result
  },
})

/**
 * Counted before any percentile is read: 100,000 of them (1 MB) would otherwise cost seconds and an answer
 * of a hundred million tips.
 */
function countPercentilesFirst(params: readonly unknown[]): void {
  const rewardPercentiles = params[2]
  if (Array.isArray(rewardPercentiles) && rewardPercentiles.length > MAX_REWARD_PERCENTILES) {
    throw new ServerError(`invalid reward percentile: over the query limit ${MAX_REWARD_PERCENTILES}`)
  }
}
