import { z } from 'zod'
import { bundledAbiDecoder } from '../../decoding/abiDecoder.ts'
import { transactionContract } from '../../decoding/transactionContract.ts'
import { logsOfTransaction } from '../../filters/blockLogs.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import type { TransactionDetails } from '../explorerAnswers.ts'
import { cursor, pageLimit } from '../pageSchemas.ts'
import { hash32 } from '../schemas.ts'
import { blockRef, formatOutcome, withDecoding } from '../formatters/explorer.ts'
import { formatLog } from '../formatters/log.ts'
import { formatMinedTransaction } from '../formatters/transaction.ts'
import { toData } from '../formatters/hex.ts'

const MAX_LOGS = 1000

const request = z
  .object(
    { blockHash: hash32, index: cursor, logsFrom: cursor.optional(), limit: pageLimit(MAX_LOGS, 200) },
    { error: 'expected {blockHash, index, logsFrom?, limit?}' },
  )
  .strict()

/**
 * sim_transaction [{blockHash, index, logsFrom?, limit?}]: the transaction at `index` of a block of any
 * branch, as eth_getTransactionByHash has it, with its outcome (status, gas, why it failed: revert reason or
 * custom error), its call, the project's contract it called or created (`--artifacts DIR`), what it printed with
 * console.log, and a page of its logs (default 200, at most 1000) decoded with the known ABIs. An orphaned
 * block's logs come with `removed: true`, as filters were told, and `reincluded` is where the canonical chain
 * mined the same transaction again, if it did. `null` when there is no such block or transaction.
 */
export const sim_transaction = defineMethod({
  name: 'sim_transaction',
  description: 'A transaction of any branch with its outcome, its call and a page of its logs, decoded.',
  params: [request],
  result: returns<TransactionDetails | null>(),
  control: true,
  handler: async ([{ blockHash, index, logsFrom, limit }], { node, decoder }) => {
    const block = node.chain.blockByHash(blockHash)
    const position = Number(index)
    const executed = block?.transactions[position]
    if (!block || !executed) return null
    const abi = decoder ?? bundledAbiDecoder()
    const removed = !node.chain.isCanonical(block)
    const start = Number(logsFrom ?? 0n)
    const logs = logsOfTransaction(block, position).slice(start, start + limit)
    const contract = await transactionContract(node, block, executed, abi)
    const again = removed ? node.chain.transaction(executed.signed.hash) : undefined
    return {
      // The block holds a transaction at `position` (checked above).
      transaction: formatMinedTransaction(block, position)!,
      canonical: !removed,
      input: executed.signed.tx.data.length,
      call: abi.decodeCall(executed.signed.tx.data, contract?.name) ?? null,
      contract: contract ? { address: toData(contract.address), name: contract.name, created: contract.created } : null,
      reincluded: again ? { ...blockRef(again.block), index: again.index } : null,
      console: [...(node.console.linesOf(block, position) ?? [])],
      ...formatOutcome(executed, abi, contract?.name),
      logsFrom: start,
      logs: logs.map((log) => withDecoding(formatLog(log, removed), log, abi)),
      next: start + logs.length < executed.logs.length ? start + logs.length : null,
    }
  },
})
