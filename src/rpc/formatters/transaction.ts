import type { Hex, RpcTransaction } from 'viem'
import { chainIdOf, effectiveGasPriceOf, TransactionType } from '../../evm/index.ts'
import type { SignedTransaction } from '../../evm/index.ts'
import { signedOf } from '../transactionLookup.ts'
import type { FoundTransaction } from '../transactionLookup.ts'
import { toData, toQuantity } from './hex.ts'

/** Where a transaction was mined; absent for a pooled (pending) transaction. */
export interface TransactionPosition {
  blockHash: Uint8Array
  blockNumber: bigint
  blockTimestamp: bigint
  index: number
  /** Base fee of the block: a mined fee-market transaction reports the price it paid. */
  baseFee: bigint | undefined
}

export type { RpcTransaction }

type AccessListBytes = Array<[Uint8Array, Uint8Array[]]>

function formatAccessList(list: AccessListBytes): Array<{ address: string; storageKeys: string[] }> {
  return list.map(([address, keys]) => ({ address: toData(address), storageKeys: keys.map(toData) }))
}

/**
 * A transaction with exactly the fields geth returns for its type: legacy carries `chainId`
 * only when EIP-155 protected; typed ones carry `chainId`, `accessList`, `v` and `yParity`;
 * fee-market ones their fee caps, and `gasPrice` is what was paid once mined.
 */
export function formatTransaction(signed: SignedTransaction, position?: TransactionPosition): RpcTransaction {
  const { tx } = signed
  const out: Record<string, unknown> = {
    blockHash: position ? toData(position.blockHash) : null,
    blockNumber: position ? toQuantity(position.blockNumber) : null,
    blockTimestamp: position ? toQuantity(position.blockTimestamp) : null,
    from: toData(signed.from),
    gas: toQuantity(tx.gasLimit),
    gasPrice: toQuantity(gasPriceOf(signed, position)),
  }
  if ('maxFeePerGas' in tx) {
    out.maxFeePerGas = toQuantity(tx.maxFeePerGas)
    out.maxPriorityFeePerGas = toQuantity(tx.maxPriorityFeePerGas)
  }
  if ('maxFeePerBlobGas' in tx) out.maxFeePerBlobGas = toQuantity(tx.maxFeePerBlobGas)
  out.hash = signed.hashKey
  out.input = toData(tx.data)
  out.nonce = toQuantity(tx.nonce)
  out.to = tx.to ? toData(tx.to.bytes) : null
  out.transactionIndex = position ? toQuantity(position.index) : null
  out.value = toQuantity(tx.value)
  out.type = toQuantity(tx.type)
  if (tx.type !== TransactionType.Legacy) {
    out.accessList = formatAccessList((tx as unknown as { accessList: AccessListBytes }).accessList)
  }
  const chainId = chainIdOf(tx)
  if (chainId !== undefined) out.chainId = toQuantity(chainId)
  if ('blobVersionedHashes' in tx) out.blobVersionedHashes = tx.blobVersionedHashes.map(String)
  if ('authorizationList' in tx) {
    out.authorizationList = tx.authorizationList.map(([authChainId, address, nonce, yParity, r, s]) => ({
      chainId: toQuantity(bytesQuantity(authChainId)),
      address: toData(address),
      nonce: toQuantity(bytesQuantity(nonce)),
      yParity: toQuantity(bytesQuantity(yParity)),
      r: toQuantity(bytesQuantity(r)),
      s: toQuantity(bytesQuantity(s)),
    }))
  }
  out.v = toQuantity(tx.v ?? 0n)
  out.r = toQuantity(tx.r ?? 0n)
  out.s = toQuantity(tx.s ?? 0n)
  if (tx.type !== TransactionType.Legacy) out.yParity = toQuantity(tx.v ?? 0n)
  // Built field by field as geth sends them for the type; viem's type is the union of those shapes.
  return out as RpcTransaction
}

function gasPriceOf(signed: SignedTransaction, position: TransactionPosition | undefined): bigint {
  const { tx } = signed
  if (!('maxFeePerGas' in tx)) return tx.gasPrice
  if (!position || position.baseFee === undefined) return tx.maxFeePerGas
  return effectiveGasPriceOf(tx, position.baseFee)
}

function bytesQuantity(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(toData(bytes))
}

/** A transaction at `index` of a mined block, with its position. */
export function formatMinedTransaction(
  block: { hash: Uint8Array; number: bigint; timestamp: bigint; header: { baseFeePerGas?: bigint }; transactions: readonly { signed: SignedTransaction }[] },
  index: number,
): RpcTransaction | null {
  const executed = block.transactions[index]
  if (!executed) return null
  return formatTransaction(executed.signed, {
    blockHash: block.hash,
    blockNumber: block.number,
    blockTimestamp: block.timestamp,
    index,
    baseFee: block.header.baseFeePerGas,
  })
}

/** A transaction the getters found, as they answer it: with its position once mined, with null block fields before. */
export function formatFoundTransaction(found: FoundTransaction | undefined): RpcTransaction | null {
  if (!found) return null
  return 'mined' in found ? formatMinedTransaction(found.mined.block, found.mined.index) : formatTransaction(found.unmined)
}

/** A transaction the raw getters found: its EIP-2718 envelope (RLP for a legacy one), as it was hashed and mined. */
export function formatRawTransaction(found: FoundTransaction | undefined): Hex | null {
  return found ? toData(signedOf(found).raw) : null
}
