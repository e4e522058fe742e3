import { z } from 'zod'
import { bundledAbiDecoder } from '../../decoding/abiDecoder.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import type { BlockDetails } from '../explorerAnswers.ts'
import { cursor, pageLimit } from '../pageSchemas.ts'
import { hash32 } from '../schemas.ts'
import { formatOutcome, formatTransactionSummary } from '../formatters/explorer.ts'
import { toData, toQuantity } from '../formatters/hex.ts'

const MAX_TRANSACTIONS = 500

const request = z
  .object({ hash: hash32, from: cursor.optional(), limit: pageLimit(MAX_TRANSACTIONS, 100) }, { error: 'expected {hash, from?, limit?}' })
  .strict()

/**
 * sim_block [{hash, from?, limit?}]: a block of any branch (canonical or orphaned) with a page of its
 * transactions from index `from` (default 0; at most 500): sender, recipient, type, blobs, the call decoded with
 * the known ABIs, status, gas (and blob gas), log count and, for a failed one, why. The header's blob gas
 * fields are null before Cancun. `next` is the index of the next page, if any;
 * an unknown hash is `null`, as eth_getBlockByHash answers it.
 */
export const sim_block = defineMethod({
  name: 'sim_block',
  description: 'A block of any branch with a page of its transactions, decoded; null for an unknown hash.',
  params: [request],
  result: returns<BlockDetails | null>(),
  control: true,
  handler: async ([{ hash, from, limit }], { node, decoder }) => {
    const block = node.chain.blockByHash(hash)
    if (!block) return null
    const abi = decoder ?? bundledAbiDecoder()
    const start = Number(from ?? 0n)
    const page = block.transactions.slice(start, start + limit)
    const { header } = block
    return {
      number: toQuantity(block.number),
      hash: block.hashKey,
      parentHash: block.parentKey,
      canonical: node.chain.isCanonical(block),
      timestamp: toQuantity(block.timestamp),
      miner: toData(header.coinbase.bytes),
      gasUsed: toQuantity(header.gasUsed),
      gasLimit: toQuantity(header.gasLimit),
      baseFeePerGas: header.baseFeePerGas === undefined ? null : toQuantity(header.baseFeePerGas),
      blobGasUsed: header.blobGasUsed === undefined ? null : toQuantity(header.blobGasUsed),
      excessBlobGas: header.excessBlobGas === undefined ? null : toQuantity(header.excessBlobGas),
      extraData: toData(header.extraData),
      transactionCount: block.transactions.length,
      transactions: page.map((executed, i) => ({
        index: start + i,
        ...formatTransactionSummary(executed.signed, abi),
        ...formatOutcome(executed, abi),
      })),
      next: start + page.length < block.transactions.length ? start + page.length : null,
    }
  },
})
