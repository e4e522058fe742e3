import { packLogs } from '../encoding/packedLogs.ts'
import { createBlockFromBytesArray } from '@ethereumjs/block'
import type { Block } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import { RLP } from '@ethereumjs/rlp'
import { bytesToHex } from '@ethereumjs/util'
import type { RunBlockResult } from '@ethereumjs/vm'
import { effectiveGasPriceOf, toSignedTransaction } from '../encoding/transactions.ts'
import type { ExecutedTransaction } from '../types.ts'
import { BlockImportError } from '../errors.ts'

/**
 * Decodes a file of concatenated RLP blocks (what `geth export` writes and hive's chain.rlp
 * holds), one block at a time, under `common`'s fork schedule. Seals are not checked.
 */
export function* decodeRlpBlocks(bytes: Uint8Array, common: Common): Generator<Block> {
  let rest = bytes
  // An entry that cannot be read is named by the number that should come next.
  let expected = 1n
  while (rest.length > 0) {
    let values: Uint8Array[]
    try {
      const decoded = RLP.decode(rest, true)
      values = decoded.data as unknown as Uint8Array[]
      rest = decoded.remainder
    } catch (error) {
      throw new BlockImportError(expected, `not valid RLP at byte ${bytes.length - rest.length} of the file: ${failureReason(error)}`)
    }
    let block: Block
    try {
      block = createBlockFromBytesArray(values as never, { common, setHardfork: true })
    } catch (error) {
      throw new BlockImportError(numberOf(values) ?? expected, `cannot be decoded: ${failureReason(error)}`)
    }
    expected = block.header.number + 1n
    yield block
  }
}

/**
 * What runBlock's refusal of a block means, in words that name the header field and, where
 * the library reports them, both values.
 */
export function describeBlockFailure(block: Block, error: unknown): string {
  const reason = failureReason(error)
  const { header } = block
  const stateRoot = /^invalid block stateRoot, got: (0x[0-9a-f]+), want: (0x[0-9a-f]+)/.exec(reason)
  if (stateRoot) return `state root mismatch: executing the block gives ${stateRoot[1]}, the header has ${stateRoot[2]}`
  if (reason.startsWith('invalid receiptTrie')) {
    return `receipts root mismatch: the receipts of its transactions do not hash to the header's ${bytesToHex(header.receiptTrie)}`
  }
  if (reason.startsWith('invalid bloom')) return `logs bloom mismatch: the logs of its transactions do not give the header's bloom`
  if (reason.startsWith('invalid gasUsed')) return `gas used mismatch: the header has ${header.gasUsed}`
  if (reason.startsWith('invalid requestsHash')) {
    return `requests hash mismatch: the header has ${header.requestsHash ? bytesToHex(header.requestsHash) : 'none'}`
  }
  return reason
}

/** The receipts of an executed block as chainsim keeps them. */
export function executedTransactionsOf(block: Block, result: RunBlockResult): ExecutedTransaction[] {
  const baseFee = block.header.baseFeePerGas ?? 0n
  let previousCumulative = 0n
  let logIndex = 0
  return block.transactions.map((tx, index) => {
    const receipt = result.receipts[index]
    const run = result.results[index]
    if (!receipt || !run) throw new BlockImportError(block.header.number, `no receipt for transaction ${index}`)
    let signed
    try {
      signed = toSignedTransaction(tx)
    } catch (error) {
      throw new BlockImportError(block.header.number, `transaction ${index}: no sender: ${failureReason(error)}`)
    }
    const logs = packLogs(receipt.logs)
    const executed: ExecutedTransaction = {
      signed,
      status: 'status' in receipt ? receipt.status : run.execResult.exceptionError === undefined ? 1 : 0,
      // What the receipt trie commits to: each receipt's share of the cumulative gas.
      gasUsed: receipt.cumulativeBlockGasUsed - previousCumulative,
      cumulativeGasUsed: receipt.cumulativeBlockGasUsed,
      effectiveGasPrice: effectiveGasPriceOf(tx, baseFee),
      contractAddress: run.createdAddress?.bytes,
      logs,
      firstLogIndex: logIndex,
    }
    const exception = run.execResult.exceptionError
    if (exception !== undefined) executed.failure = { error: exception.error, returnData: run.execResult.returnValue }
    if ('stateRoot' in receipt) executed.root = receipt.stateRoot
    if ('blobGasUsed' in receipt) {
      executed.blobGasUsed = receipt.blobGasUsed
      executed.blobGasPrice = receipt.blobGasPrice
    }
    previousCumulative = receipt.cumulativeBlockGasUsed
    logIndex += logs.length
    return executed
  })
}

/** The library's message without its debugging suffix (hardfork, block and tx summaries). */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/\s*\(\w[\w ]*=.*$/s, '').trim() || 'failed'
}

/** The number field of an undecodable block's header, when that much is readable. */
function numberOf(values: Uint8Array[]): bigint | undefined {
  const header = values[0] as unknown
  if (!Array.isArray(header) || !(header[8] instanceof Uint8Array)) return undefined
  const number = header[8] as Uint8Array
  return number.length === 0 ? 0n : BigInt(bytesToHex(number))
}
