import { gasCapRefusal } from '../evm/index.ts'
import type { CallRequest, CallResult, SignedTransaction } from '../evm/index.ts'
import { GasAboveCap } from './errors.ts'
import type { DevAccounts } from './devAccounts.ts'
import { transactionFields } from './transactionFields.ts'
import type { TransactionRequest } from './transactionFields.ts'
import type { TypedData } from './typedData.ts'

/** What signing reads from the network it signs for, and the network's write queue. */
export interface SigningContext {
  /** Runs `write` in the network's write queue. */
  queued<T>(write: () => Promise<T>): Promise<T>
  /** The keys held now (anvil_reset and anvil_loadState replace them). */
  accounts(): DevAccounts
  chainId(): bigint
  nextBaseFee(): bigint
  blockGasLimit(): bigint
  /** The most gas one transaction may carry under the next block's rules (EIP-7825 from Osaka), if any. */
  transactionGasCap(): bigint | undefined
  pendingNonce(address: Uint8Array): Promise<bigint>
  /** Gas estimated on the head. */
  estimateGas(request: CallRequest): Promise<{ gas: bigint } | { failure: CallResult }>
}

/**
 * Everything a network signs with its dev keys: transactions filled in as Anvil fills them (eth_sendTransaction,
 * eth_signTransaction), EIP-191 messages, EIP-712 typed data; and the addresses it sends as without a key
 * (anvil_impersonateAccount). Changing who is impersonated is a write, so it is queued.
 */
export class AccountSigning {
  #autoImpersonate: boolean

  constructor(
    private readonly network: SigningContext,
    options: { autoImpersonate?: boolean } = {},
  ) {
    this.#autoImpersonate = options.autoImpersonate ?? false
  }

  /** Whether every address is sent as without its key (Anvil's `--auto-impersonate`). */
  get autoImpersonating(): boolean {
    return this.#autoImpersonate
  }

  /**
   * eth_signTransaction: signs `request` exactly as eth_sendTransaction would send it now (the pending nonce,
   * estimated gas, Anvil's fees), and sends nothing. In the write queue, so the nonce is the one a send
   * queued at the same moment would get.
   */
  signTransaction(request: TransactionRequest): Promise<SignedTransaction> {
    return this.network.queued(() => this.fillAndSign(request, 'sign'))
  }

  /**
   * eth_fillTransaction: `request` filled exactly as eth_sendTransaction would fill it now (pending nonce, estimated
   * gas, Anvil's fees) with Anvil's zero signature, whoever `from` is, and sent nowhere. A request whose gas cannot
   * be estimated (it fails even with the whole block) is not filled: the failure is answered instead, as Anvil and
   * geth answer it, so that a client that fills before sending learns of the revert before it signs.
   */
  fillTransaction(request: TransactionRequest): Promise<{ filled: SignedTransaction } | { failure: CallResult }> {
    return this.network.queued(async () => {
      const nonce = request.nonce ?? (await this.network.pendingNonce(request.from))
      let gas = request.gas
      if (gas === undefined) {
        const estimate = await this.network.estimateGas({ ...request, nonce })
        if ('failure' in estimate) return { failure: estimate.failure }
        gas = estimate.gas
      }
      return { filled: this.network.accounts().unsigned(request.from, this.fieldsOf(request, nonce, gas)) }
    })
  }

  /** eth_sign, personal_sign: the EIP-191 signature of `message` by the dev account `address`. */
  signMessage(address: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
    return this.network.accounts().signMessage(address, message)
  }

  /** eth_signTypedData_v4: the EIP-712 signature of `typedData` by the dev account `address`. */
  signTypedData(address: Uint8Array, typedData: TypedData): Promise<Uint8Array> {
    return this.network.accounts().signTypedData(address, typedData)
  }

  /** anvil_impersonateAccount: eth_sendTransaction may send as `address` without its key, as Anvil does. */
  impersonate(address: Uint8Array): Promise<void> {
    return this.network.queued(async () => this.network.accounts().impersonate(address))
  }

  /** anvil_autoImpersonateAccount: every address (or, switched off, only the impersonated ones) is sent as without its key. */
  setAutoImpersonate(enabled: boolean): Promise<void> {
    return this.network.queued(async () => {
      this.#autoImpersonate = enabled
    })
  }

  /** anvil_stopImpersonatingAccount: `address` is no longer sent as without its key. */
  stopImpersonating(address: Uint8Array): Promise<void> {
    return this.network.queued(async () => this.network.accounts().stopImpersonating(address))
  }

  /** Signs a request whose nonce and gas are given with the dev account it names (no pool, no mining). */
  signWithDevAccount(request: TransactionRequest & { nonce: bigint; gas: bigint }): SignedTransaction {
    return this.network.accounts().sign(request.from, this.fieldsOf(request, request.nonce, request.gas))
  }

  /**
   * Fills what a request leaves out as Anvil does (pending nonce, estimated gas, fees) and signs it for
   * `purpose`: a send goes out unsigned as an impersonated account, a signature needs the key, and `unsigned`
   * (eth_sendUnsignedTransaction, Anvil's form) never signs, key or not. The caller runs it in the write queue,
   * so that the pending nonce stays the one it read.
   */
  async fillAndSign(request: TransactionRequest, purpose: 'send' | 'sign' | 'unsigned'): Promise<SignedTransaction> {
    const nonce = request.nonce ?? (await this.network.pendingNonce(request.from))
    let gas = request.gas
    if (gas === undefined) {
      const estimate = await this.network.estimateGas({ ...request, nonce })
      // As Hardhat: a request that fails even with the whole block is sent with it (with all a transaction may
      // carry, from Osaka), and fails on chain.
      const cap = this.network.transactionGasCap()
      const most = cap !== undefined && cap < this.network.blockGasLimit() ? cap : this.network.blockGasLimit()
      gas = 'failure' in estimate ? most : estimate.gas
    }
    // Refused before signing, as geth's pool refuses it: @ethereumjs would not build the transaction at all.
    const refusal = gasCapRefusal(gas, this.network.transactionGasCap(), this.network.blockGasLimit())
    if (refusal) throw new GasAboveCap(refusal)
    const fields = this.fieldsOf(request, nonce, gas)
    const accounts = this.network.accounts()
    if (purpose === 'unsigned') return accounts.unsigned(request.from, fields)
    return purpose === 'send' ? accounts.signToSend(request.from, fields, this.#autoImpersonate) : accounts.sign(request.from, fields)
  }

  private fieldsOf(request: TransactionRequest, nonce: bigint, gas: bigint) {
    return transactionFields(request, nonce, gas, { chainId: this.network.chainId(), nextBaseFee: this.network.nextBaseFee() })
  }
}
