import { Capability, TransactionType, createTx, createTxFromRLP } from '@ethereumjs/tx'
import type { TypedTransaction, TypedTxData } from '@ethereumjs/tx'
import { bigIntToUnpaddedBytes, hexToBytes } from '@ethereumjs/util'
import type { Common } from '@ethereumjs/common'
import { blobNetworkForm, GAS_PER_BLOB, splitBlobNetworkForm } from './blobs.ts'
import type { BlobSidecar } from './blobs.ts'
import { fromByteString, toByteString } from './byteString.ts'
import { publicKeyOf } from '../crypto/crypto.ts'
import { hexKey } from './hexKey.ts'
import { RecentCache } from './recentCache.ts'
import { sharedCommonFor } from '../patches/sharedCommon.ts'

export { TransactionType, Capability }
export type { TypedTransaction, TypedTxData }

/** What a transaction may carry besides its signed bytes. */
export interface TransactionExtras {
  sidecar?: BlobSidecar
  impersonated?: true
  /** The hash and sender of a transaction that carries no signature to read them from (a simulated call). */
  identity?: { hash: Uint8Array; from: Uint8Array }
}

/** Decoded transactions kept for reuse once their SignedTransaction keeps only its bytes. */
const recentlyDecoded = new RecentCache<SignedTransaction, TypedTransaction>(1024)

/**
 * A signed transaction with what every layer asks of it computed once: its hash, its sender (one
 * signature recovery) and its network encoding. A mined transaction is kept for good; once
 * `compact()`ed it keeps only its bytes, and the ethereumjs object is decoded again when asked for
 * (the most recently asked for are kept).
 */
export class SignedTransaction {
  /** Lower-case 0x hex of `hash`: the key of every index by transaction. */
  readonly hashKey: string
  /** Lower-case 0x hex of `from`. */
  readonly fromKey: string
  readonly #raw: string
  readonly #common: Common
  #tx: TypedTransaction | undefined
  readonly #identity: TransactionExtras['identity']
  /**
   * A blob transaction's blobs, commitments and proofs, when it arrived with them. Kept with it
   * in the pool and in the blocks that hold it, so that a reorg can pool it again (geth's blob
   * pool keeps them past inclusion for the same reason).
   */
  readonly sidecar?: BlobSidecar
  /**
   * Sent for an impersonated account (anvil_impersonateAccount): `from` is given, not recovered, and the
   * signature is Anvil's bypass signature, which no other node would take.
   */
  readonly impersonated?: true

  /**
   * Wraps a signed ethereumjs transaction; throws when the signature recovers no sender. Or, from a state file,
   * its bytes with the hash and sender they were saved with: nothing is decoded or recovered until asked for.
   */
  constructor(tx: TypedTransaction | KeptTransaction, extras: TransactionExtras = {}) {
    if (tx instanceof KeptTransaction) {
      this.fromKey = hexKey(tx.from)
      this.hashKey = hexKey(tx.hash)
      this.#raw = toByteString(tx.raw)
      this.#common = tx.common
    } else {
      this.fromKey = hexKey(extras.identity?.from ?? tx.getSenderAddress().bytes)
      this.hashKey = hexKey(extras.identity?.hash ?? tx.hash())
      this.#raw = toByteString(tx.serialize())
      this.#common = tx.common
      this.#tx = tx
    }
    if (extras.sidecar) this.sidecar = extras.sidecar
    if (extras.impersonated) this.impersonated = true
    if (extras.identity) this.#identity = extras.identity
  }

  get tx(): TypedTransaction {
    return this.#tx ?? recentlyDecoded.get(this, () => createTxFromRLP(this.raw, { common: this.#common }))
  }

  get hash(): Uint8Array {
    return hexToBytes(this.hashKey as `0x${string}`)
  }

  get from(): Uint8Array {
    return hexToBytes(this.fromKey as `0x${string}`)
  }

  /** The canonical encoding: what is hashed and mined (EIP-2718 envelope, or RLP for legacy). */
  get raw(): Uint8Array {
    return fromByteString(this.#raw)
  }

  /** The same transaction with `extras` added to what it carries. */
  with(extras: TransactionExtras): SignedTransaction {
    return new SignedTransaction(this.tx, { sidecar: this.sidecar, impersonated: this.impersonated, identity: this.#identity, ...extras })
  }

  /**
   * Lets the decoded transaction go; it is decoded again when asked for. An impersonated or simulated one
   * keeps it: its sender and hash are given to it, not read from its bytes.
   */
  compact(): void {
    if (this.impersonated || this.#identity) return
    if (this.#tx !== undefined) recentlyDecoded.set(this, this.#tx)
    this.#tx = undefined
  }
}

/** A mined transaction as a state file keeps it: its canonical bytes, and the hash and sender they were mined with. */
export class KeptTransaction {
  constructor(
    readonly raw: Uint8Array,
    readonly hash: Uint8Array,
    readonly from: Uint8Array,
    readonly common: Common,
  ) {}
}

/** Wraps a signed ethereumjs transaction; throws when the signature recovers no sender. */
export function toSignedTransaction(tx: TypedTransaction): SignedTransaction {
  return new SignedTransaction(tx)
}

/**
 * Decodes a raw (EIP-2718 or legacy RLP) signed transaction under the chain's rules; a blob
 * transaction in its network form keeps its sidecar (unverified: admission verifies it).
 */
export function decodeRawTransaction(raw: Uint8Array, common: Common): SignedTransaction {
  const { payload, sidecar } = raw[0] === TransactionType.BlobEIP4844 ? splitBlobNetworkForm(raw) : { payload: raw, sidecar: undefined }
  const tx = createTxFromRLP(payload, { common: sharedCommonFor(common) })
  if (!tx.isSigned()) throw new Error('transaction is not signed')
  const signed = toSignedTransaction(tx)
  return sidecar ? signed.with({ sidecar }) : signed
}

/** A signed transaction's fields, as another node answers them (eth_getBlockByNumber with transactions), in domain types. */
export interface TransactionFields {
  type: number
  chainId?: bigint
  nonce: bigint
  gasLimit: bigint
  gasPrice?: bigint
  maxPriorityFeePerGas?: bigint
  maxFeePerGas?: bigint
  maxFeePerBlobGas?: bigint
  /** Absent for a contract creation. */
  to?: Uint8Array
  value: bigint
  data: Uint8Array
  accessList?: Array<{ address: Uint8Array; storageKeys: Uint8Array[] }>
  blobVersionedHashes?: Uint8Array[]
  authorizationList?: Array<{ chainId: bigint; address: Uint8Array; nonce: bigint; yParity: bigint; r: bigint; s: bigint }>
  /** The signature: `v` is the y parity of a typed transaction, EIP-155's v of a legacy one. */
  v: bigint
  r: bigint
  s: bigint
}

/**
 * A signed transaction from its fields (another node's answer): the canonical encoding is made from them, so
 * its hash is the one they were signed as only if every field came through. Throws when they do not make a
 * signed transaction of this chain.
 */
export function transactionFromFields(fields: TransactionFields, common: Common): SignedTransaction {
  const { accessList, authorizationList, to, ...rest } = fields
  const data = {
    ...rest,
    ...(to === undefined ? {} : { to }),
    ...(accessList === undefined ? {} : { accessList: accessList.map((entry) => [entry.address, entry.storageKeys]) }),
    ...(authorizationList === undefined
      ? {}
      : {
          authorizationList: authorizationList.map((a) => [
            bigIntToUnpaddedBytes(a.chainId),
            a.address,
            bigIntToUnpaddedBytes(a.nonce),
            bigIntToUnpaddedBytes(a.yParity),
            bigIntToUnpaddedBytes(a.r),
            bigIntToUnpaddedBytes(a.s),
          ]),
        }),
  } as TypedTxData
  const tx = createTx(data, { common: sharedCommonFor(common) })
  if (!tx.isSigned()) throw new Error('transaction is not signed')
  return toSignedTransaction(tx)
}

/** The encoding eth_sendRawTransaction takes: a blob transaction with its sidecar, else the canonical one. */
export function networkEncodingOf(signed: SignedTransaction): Uint8Array {
  return signed.sidecar ? blobNetworkForm(signed.raw, signed.sidecar) : signed.raw
}

/**
 * Builds and signs a transaction from typed fields (dev accounts, scenarios, tests). The sender is the key's
 * own: it is given to the transaction (its public `cache`) rather than recovered from the signature just made,
 * which costs a signature recovery.
 */
export function signTransaction(data: TypedTxData, privateKey: Uint8Array, common: Common): SignedTransaction {
  const tx = createTx(data, { common: sharedCommonFor(common) }).sign(privateKey)
  tx.cache.senderPubKey = publicKeyOf(privateKey)
  return toSignedTransaction(tx)
}

/** The highest fee per gas the sender may pay: gasPrice, or maxFeePerGas for typed fee-market txs. */
export function maxFeePerGasOf(tx: TypedTransaction): bigint {
  return 'maxFeePerGas' in tx ? tx.maxFeePerGas : tx.gasPrice
}

/** The blob gas a transaction takes from its block: a blob's worth per versioned hash (EIP-4844). */
export function blobGasOf(tx: TypedTransaction): bigint {
  return 'blobVersionedHashes' in tx ? GAS_PER_BLOB * BigInt(tx.blobVersionedHashes.length) : 0n
}

/**
 * What the sender pays per gas in a block of the given base fee: geth's min(tip + base fee, fee cap),
 * which is defined even when the fee cap is below the base fee (a simulated call with a base fee override).
 */
export function effectiveGasPriceOf(tx: TypedTransaction, baseFee: bigint): bigint {
  if (!('maxFeePerGas' in tx)) return tx.gasPrice
  const price = baseFee + tx.maxPriorityFeePerGas
  return price < tx.maxFeePerGas ? price : tx.maxFeePerGas
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
  return (
    message
      .replace(/\s*\(.*$/s, '')
      .replace(/^\[\w+\]\s*/, '')
      .trim() || 'transaction refused'
  )
}
