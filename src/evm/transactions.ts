import { Capability, TransactionType, createTx, createTxFromRLP } from '@ethereumjs/tx'
import type { TypedTransaction, TypedTxData } from '@ethereumjs/tx'
import { bytesToHex } from '@ethereumjs/util'
import type { Common } from '@ethereumjs/common'
import { sharedCommonFor } from './sharedCommon.ts'

export { TransactionType, Capability }
export type { TypedTransaction, TypedTxData }

/**
 * A signed transaction with what every layer asks of it computed once: its hash, its
 * sender (one signature recovery) and its network encoding.
 */
export interface SignedTransaction {
  readonly tx: TypedTransaction
  readonly hash: Uint8Array
  /** Lower-case 0x hex of `hash`: the key of every index by transaction. */
  readonly hashKey: string
  readonly from: Uint8Array
  readonly fromKey: string
  readonly raw: Uint8Array
}

/** Wraps a signed ethereumjs transaction; throws when the signature recovers no sender. */
export function toSignedTransaction(tx: TypedTransaction): SignedTransaction {
  const hash = tx.hash()
  const from = tx.getSenderAddress().bytes
  return { tx, hash, hashKey: bytesToHex(hash), from, fromKey: bytesToHex(from), raw: tx.serialize() }
}

/** Decodes a raw (EIP-2718 or legacy RLP) signed transaction under the chain's rules. */
export function decodeRawTransaction(raw: Uint8Array, common: Common): SignedTransaction {
  const tx = createTxFromRLP(raw, { common: sharedCommonFor(common) })
  if (!tx.isSigned()) throw new Error('transaction is not signed')
  return toSignedTransaction(tx)
}

/** Builds and signs a transaction from typed fields (dev accounts, scenarios, tests). */
export function signTransaction(data: TypedTxData, privateKey: Uint8Array, common: Common): SignedTransaction {
  return toSignedTransaction(createTx(data, { common: sharedCommonFor(common) }).sign(privateKey))
}

/** The highest fee per gas the sender may pay: gasPrice, or maxFeePerGas for typed fee-market txs. */
export function maxFeePerGasOf(tx: TypedTransaction): bigint {
  return 'maxFeePerGas' in tx ? tx.maxFeePerGas : tx.gasPrice
}

/** What the sender pays per gas in a block of the given base fee. */
export function effectiveGasPriceOf(tx: TypedTransaction, baseFee: bigint): bigint {
  return baseFee + tx.getEffectivePriorityFee(baseFee)
}

/** The EIP-155 chain id a legacy transaction commits to, or the typed transaction's chain id. */
export function chainIdOf(tx: TypedTransaction): bigint | undefined {
  if (tx.type !== TransactionType.Legacy) return tx.common.chainId()
  return tx.supports(Capability.EIP155ReplayProtection) ? tx.common.chainId() : undefined
}

/**
 * geth's words for what ethereumjs refuses when a transaction is built or run, so callers can
 * answer -32000 with the reason instead of failing: the numbers cannot be paid, the initcode is
 * too large, the nonce is spent, the fees contradict each other, the gas is below the minimum.
 */
export function transactionFailureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (/cannot exceed MAX_INTEGER|MAX_INTEGER/.test(message)) return 'insufficient funds for gas * price + value'
  if (/initcode size/i.test(message)) return 'max initcode size exceeded'
  if (/nonce cannot equal or exceed MAX_UINT64/.test(message)) return 'nonce has max value'
  if (/maxFeePerGas cannot be less than maxPriorityFeePerGas/.test(message)) {
    return 'max priority fee per gas higher than max fee per gas'
  }
  if (/intrinsic|gas limit is too low|INTRINSIC_GAS/i.test(message)) return 'intrinsic gas too low'
  return message.replace(/\s*\(.*$/s, '').replace(/^\[\w+\]\s*/, '').trim() || 'transaction refused'
}
