import { keyOf, signTransaction, transactionFailureReason } from '../evm/index.ts'
import type { Common, DevAccount, SignedTransaction, TypedTxData } from '../evm/index.ts'
import { TransactionRejected } from '../txpool/errors.ts'
import { UnknownAccount } from './errors.ts'

/**
 * The keys a node signs with: the dev mnemonic's accounts (none on an imported chain, whose keys are whoever
 * made it). Signing for any other address is geth's "unknown account".
 */
export class DevAccounts {
  private readonly byAddress: ReadonlyMap<string, DevAccount>

  constructor(
    readonly list: readonly DevAccount[],
    private readonly common: Common,
  ) {
    this.byAddress = new Map(list.map((account) => [keyOf(account.address), account]))
  }

  has(address: Uint8Array): boolean {
    return this.byAddress.has(keyOf(address))
  }

  /** Signs `data` as `from`; fields ethereumjs cannot build are refused in geth's words. */
  sign(from: Uint8Array, data: TypedTxData): SignedTransaction {
    const account = this.byAddress.get(keyOf(from))
    if (!account) throw new UnknownAccount(from)
    try {
      return signTransaction(data, account.privateKey, this.common)
    } catch (error) {
      throw new TransactionRejected(transactionFailureReason(error))
    }
  }
}
