import type { Address, Hash, Hex, Quantity, RpcBlock, RpcTransaction, RpcTransactionReceipt } from 'viem'
import type { ChainBlock } from '../../chain/types.ts'
import type { CallFrame } from '../../evm/index.ts'
import { formatBlock } from './block.ts'
import { toData, toQuantity } from './hex.ts'
import { formatReceipt } from './receipt.ts'
import { formatMinedTransaction } from './transaction.ts'

/** A block without its transactions, with their count (ots_getBlockDetails). */
export type OtsSlimBlock = Omit<RpcBlock, 'transactions'> & { transactionCount: number }

/** ots_getBlockDetails: the block, what it issued (nothing, on a chain without rewards) and the fees its transactions paid. */
export interface OtsBlockDetails {
  block: OtsSlimBlock
  issuance: { blockReward: Quantity; uncleReward: Quantity; issuance: Quantity }
  totalFees: Quantity
}

/** A receipt with its block's timestamp, as Otterscan lists them. */
export type OtsReceipt = RpcTransactionReceipt & { timestamp: Quantity }

/** ots_getBlockTransactions: one page of a block's transactions with their receipts. */
export interface OtsBlockTransactions {
  fullblock: RpcBlock & { transactionCount: number }
  receipts: OtsReceipt[]
}

/** ots_searchTransactions*: a page of an address's transactions with receipts. */
export interface OtsTransactionsPage {
  txs: RpcTransaction[]
  receipts: OtsReceipt[]
  firstPage: boolean
  lastPage: boolean
}

/** Otterscan's kinds of internal operation. */
export const OPERATION_TYPES = { transfer: 0, selfDestruct: 1, create: 2, create2: 3 } as const

/** An internal operation: value moved, a contract created, an account destroyed. */
export interface OtsInternalOperation {
  type: number
  from: Address
  to: Address
  value: Quantity
}

/** One call of a transaction's call tree, flattened with its depth (ots_traceTransaction). */
export interface OtsTraceEntry {
  type: string
  depth: number
  from: Address
  to: Address
  value: Quantity | null
  input: Hex
  output: Hex
}

/** ots_getContractCreator: the transaction that created a contract and the account that did. */
export interface OtsContractCreator {
  hash: Hash
  creator: Address
}

export function formatBlockDetails(block: ChainBlock): OtsBlockDetails {
  const { transactions: _, ...rest } = formatBlock(block.toBlock(), block.transactions, { fullTransactions: false })
  const totalFees = block.transactions.reduce((sum, t) => sum + t.gasUsed * t.effectiveGasPrice, 0n)
  return {
    block: { ...rest, transactionCount: block.transactions.length },
    issuance: { blockReward: '0x0', uncleReward: '0x0', issuance: '0x0' },
    totalFees: toQuantity(totalFees),
  }
}

/**
 * One page of a block's transactions. `transactionCount` is the block's, as Otterscan's spec says (Anvil counts
 * the page's).
 */
export function formatBlockTransactions(block: ChainBlock, page: number, pageSize: number): OtsBlockTransactions {
  const start = page * pageSize
  const indexes = block.transactions.slice(start, start + pageSize).map((_, i) => start + i)
  const whole = formatBlock(block.toBlock(), [], { fullTransactions: true })
  const transactions = indexes.map((index) => formatMinedTransaction(block, index) as RpcTransaction)
  return {
    fullblock: { ...whole, transactions, transactionCount: block.transactions.length },
    receipts: indexes.map((index) => otsReceipt(block, index)),
  }
}

export function otsReceipt(block: ChainBlock, index: number): OtsReceipt {
  return { ...formatReceipt(block, index), timestamp: toQuantity(block.timestamp) }
}

/**
 * ots_getInternalOperations as Anvil reads them from a call tree: every call frame (the transaction's own too)
 * that moves value, every creation, and every self-destruct, which stands in place of the frame that ran it.
 */
export function internalOperations(root: CallFrame): OtsInternalOperation[] {
  const out: OtsInternalOperation[] = []
  const visit = (frame: CallFrame) => {
    const destruct = frame.calls.find((call) => call.type === 'SELFDESTRUCT')
    if (destruct) out.push(operation(OPERATION_TYPES.selfDestruct, destruct))
    else if (frame.type === 'CREATE' && frame.to) out.push(operation(OPERATION_TYPES.create, frame))
    else if (frame.type === 'CREATE2' && frame.to) out.push(operation(OPERATION_TYPES.create2, frame))
    else if (frame.type === 'CALL' && (frame.value ?? 0n) > 0n) out.push(operation(OPERATION_TYPES.transfer, frame))
    for (const call of frame.calls) if (call.type !== 'SELFDESTRUCT') visit(call)
  }
  visit(root)
  return out
}

function operation(type: number, frame: CallFrame): OtsInternalOperation {
  return { type, from: toData(frame.from), to: toData(frame.to ?? new Uint8Array(20)), value: toQuantity(frame.value ?? 0n) }
}

/** ots_traceTransaction: the call frames (creations and self-destructs left out, as Anvil does) depth first. */
export function traceEntries(root: CallFrame): OtsTraceEntry[] {
  const out: OtsTraceEntry[] = []
  const visit = (frame: CallFrame, depth: number) => {
    if (CALL_TYPES.has(frame.type)) {
      out.push({
        type: frame.type,
        depth,
        from: toData(frame.from),
        to: toData(frame.to ?? new Uint8Array(20)),
        value: toQuantity(frame.value ?? 0n),
        input: toData(frame.input),
        output: toData(frame.output ?? new Uint8Array()),
      })
    }
    for (const call of frame.calls) visit(call, depth + 1)
  }
  visit(root, 0)
  return out
}

const CALL_TYPES: ReadonlySet<string> = new Set(['CALL', 'STATICCALL', 'DELEGATECALL', 'CALLCODE'])
