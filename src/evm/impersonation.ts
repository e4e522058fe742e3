import type { Common } from '@ethereumjs/common'
import { RLP } from '@ethereumjs/rlp'
import { createTx, TransactionType } from '@ethereumjs/tx'
import type { TypedTxData } from '@ethereumjs/tx'
import { Address, bytesToHex, concatBytes } from '@ethereumjs/util'
import { keccak256 } from './crypto.ts'
import { sharedCommonFor } from './sharedCommon.ts'
import type { SignedTransaction } from './transactions.ts'

/**
 * A transaction sent as `from` without its key (anvil_impersonateAccount), in Anvil's form: the bypass
 * signature r = s = 0 with y parity 0 (v = 2·chainId + 35 for a legacy transaction), and since that
 * signature recovers no one, a hash that commits to the sender: keccak256 of the transaction's RLP item
 * (the legacy list, or the typed encoding as an RLP string) followed by the sender's 20 bytes. Two
 * impersonated senders of the same fields so get different hashes. The sender rides with the transaction;
 * its signature proves nothing, so a block holding one cannot be replayed elsewhere (as with Anvil's).
 */
export function impersonatedTransaction(data: TypedTxData, from: Uint8Array, common: Common): SignedTransaction {
  const shared = sharedCommonFor(common)
  const v = Number(data.type ?? TransactionType.Legacy) === TransactionType.Legacy ? 2n * shared.chainId() + 35n : 0n
  const tx = createTx({ ...data, v, r: 0n, s: 0n } as TypedTxData, { common: shared, freeze: false })
  const raw = tx.serialize()
  const item = tx.type === TransactionType.Legacy ? raw : RLP.encode(raw)
  const hash = keccak256(concatBytes(item, from))
  const sender = new Address(from)
  Object.defineProperty(tx, 'getSenderAddress', { value: () => sender })
  Object.defineProperty(tx, 'hash', { value: () => hash })
  return { tx, hash, hashKey: bytesToHex(hash), from, fromKey: bytesToHex(from), raw, impersonated: true }
}
