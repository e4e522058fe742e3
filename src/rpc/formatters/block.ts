import type { RpcBlock } from 'viem'
import type { Block } from '../../evm/index.ts'
import type { ExecutedTransaction } from '../../evm/index.ts'
import { toData, toQuantity } from './hex.ts'
import { formatTransaction } from './transaction.ts'

export type { RpcBlock }

/**
 * A block as geth returns it: header fields present only from the fork that introduced them,
 * transactions as hashes or full objects. The pending block has null hash, nonce and miner
 * (geth's rule: it is not sealed). Typed as viem's `RpcBlock`, which also lists `sealFields` and
 * `totalDifficulty`: geth after the merge sends neither, nor does chainsim.
 */
export function formatBlock(block: Block, transactions: readonly ExecutedTransaction[], options: { fullTransactions: boolean; pending?: boolean }): RpcBlock {
  const { header } = block
  const hash = block.hash()
  const out: Record<string, unknown> = {}
  if (header.baseFeePerGas !== undefined) out.baseFeePerGas = toQuantity(header.baseFeePerGas)
  if (header.blobGasUsed !== undefined) out.blobGasUsed = toQuantity(header.blobGasUsed)
  out.difficulty = toQuantity(header.difficulty)
  if (header.excessBlobGas !== undefined) out.excessBlobGas = toQuantity(header.excessBlobGas)
  out.extraData = toData(header.extraData)
  out.gasLimit = toQuantity(header.gasLimit)
  out.gasUsed = toQuantity(header.gasUsed)
  out.hash = options.pending ? null : toData(hash)
  out.logsBloom = toData(header.logsBloom)
  out.miner = options.pending ? null : toData(header.coinbase.bytes)
  out.mixHash = toData(header.mixHash)
  out.nonce = options.pending ? null : toData(header.nonce)
  out.number = toQuantity(header.number)
  if (header.parentBeaconBlockRoot !== undefined) out.parentBeaconBlockRoot = toData(header.parentBeaconBlockRoot)
  out.parentHash = toData(header.parentHash)
  out.receiptsRoot = toData(header.receiptTrie)
  if (header.requestsHash !== undefined) out.requestsHash = toData(header.requestsHash)
  out.sha3Uncles = toData(header.uncleHash)
  out.size = toQuantity(block.serialize().length)
  out.stateRoot = toData(header.stateRoot)
  out.timestamp = toQuantity(header.timestamp)
  out.transactions = transactions.map((executed, index) =>
    options.fullTransactions
      ? formatTransaction(
          executed.signed,
          options.pending
            ? undefined
            : {
                blockHash: hash,
                blockNumber: header.number,
                blockTimestamp: header.timestamp,
                index,
                baseFee: header.baseFeePerGas,
              },
        )
      : executed.signed.hashKey,
  )
  out.transactionsRoot = toData(header.transactionsTrie)
  out.uncles = block.uncleHeaders.map((uncle) => toData(uncle.hash()))
  if (block.withdrawals !== undefined) {
    out.withdrawals = block.withdrawals.map((w) => ({
      index: toQuantity(w.index),
      validatorIndex: toQuantity(w.validatorIndex),
      address: toData(w.address.bytes),
      amount: toQuantity(w.amount),
    }))
  }
  if (header.withdrawalsRoot !== undefined) out.withdrawalsRoot = toData(header.withdrawalsRoot)
  return out as RpcBlock
}
