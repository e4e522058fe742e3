import type { Block } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import { RLP } from '@ethereumjs/rlp'
import { createTx, createTxFromRLP, TransactionType } from '@ethereumjs/tx'
import type { TypedTransaction, TypedTxData } from '@ethereumjs/tx'
import { Address, bytesToHex, concatBytes } from '@ethereumjs/util'
import { keccak256 } from '../crypto/crypto.ts'
import { withGivenHash, withGivenSender } from '../patches/givenIdentity.ts'
import { sharedCommonFor } from '../patches/sharedCommon.ts'
import { SignedTransaction } from '../encoding/transactions.ts'

/**
 * A transaction sent as `from` without its key (anvil_impersonateAccount), in Anvil's form: the bypass
 * signature r = s = 0 with y parity 0 (v = 2·chainId + 35 for a legacy transaction), and since that
 * signature recovers no one, a hash that commits to the sender: keccak256 of the transaction's RLP item
 * (the legacy list, or the typed encoding as an RLP string) followed by the sender's 20 bytes. Two
 * impersonated senders of the same fields so get different hashes. The sender rides with the transaction;
 * its signature proves nothing, so a block holding one cannot be replayed elsewhere (as with Anvil's): a
 * saved chain keeps each one's sender beside it (see {@link withImpersonatedSenders}).
 */
export function impersonatedTransaction(data: TypedTxData, from: Uint8Array, common: Common): SignedTransaction {
  const shared = sharedCommonFor(common)
  const v = Number(data.type ?? TransactionType.Legacy) === TransactionType.Legacy ? 2n * shared.chainId() + 35n : 0n
  return impersonating(createTx({ ...data, v, r: 0n, s: 0n } as TypedTxData, { common: shared, freeze: false }), from)
}

/** An impersonated transaction read back from its raw bytes (a saved pool), with the sender saved beside it. */
export function decodeImpersonatedTransaction(raw: Uint8Array, from: Uint8Array, common: Common): SignedTransaction {
  return impersonating(bypassSigned(raw, common), from)
}

/**
 * Gives the transactions of a decoded block that were sent as impersonated accounts their senders, by index,
 * so that the block executes again as it was built. Throws for an index with no such transaction, or one
 * whose signature is a real one.
 */
export function withImpersonatedSenders(block: Block, senders: ReadonlyMap<number, Uint8Array>): void {
  const transactions = block.transactions as TypedTransaction[]
  for (const [index, from] of senders) {
    const tx = transactions[index]
    if (!tx) throw new Error(`an impersonated sender is given for transaction ${index}, which the block does not have`)
    transactions[index] = impersonating(bypassSigned(tx.serialize(), block.common), from).tx
  }
}

/** Whether `tx` carries the bypass signature (r = s = 0, read back as absent): no key signed it, a sender was given. */
export function isBypassSigned(tx: TypedTransaction): boolean {
  return (tx.r ?? 0n) === 0n && (tx.s ?? 0n) === 0n
}

/** The transaction of `raw`, unfrozen, if it carries the bypass signature. */
function bypassSigned(raw: Uint8Array, common: Common): TypedTransaction {
  const tx = createTxFromRLP(raw, { common: sharedCommonFor(common), freeze: false })
  if (!isBypassSigned(tx)) throw new Error(`transaction ${bytesToHex(keccak256(raw))} is signed: it was not sent as an impersonated account`)
  return tx
}

function impersonating(tx: TypedTransaction, from: Uint8Array): SignedTransaction {
  const raw = tx.serialize()
  const item = tx.type === TransactionType.Legacy ? raw : RLP.encode(raw)
  const hash = keccak256(concatBytes(item, from))
  return new SignedTransaction(withGivenHash(withGivenSender(tx, new Address(from)), hash), { impersonated: true })
}
