import { bytesToHex, hashMessage, hexToBytes } from 'viem'
import { sign } from 'viem/accounts'
import { impersonatedTransaction, keyOf, signTransaction, transactionFailureReason } from '../evm/index.ts'
import type { Common, DevAccount, SignedTransaction, TypedTxData } from '../evm/index.ts'
import { TransactionRejected } from '../txpool/errors.ts'
import { UnknownAccount } from './errors.ts'
import { typedDataDigest } from './typedData.ts'
import type { TypedData } from './typedData.ts'

/**
 * The keys a node signs with: the dev mnemonic's accounts (none on an imported chain, whose keys are whoever
 * made it), and the addresses it sends as without a key (anvil_impersonateAccount). Signing for any other
 * address is geth's "unknown account". The keys never leave this class: it answers signatures and signed
 * transactions.
 */
export class DevAccounts {
  private readonly byAddress: ReadonlyMap<string, DevAccount>
  private readonly impersonated = new Set<string>()

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
    const account = this.accountOf(from)
    return buildOrRefuse(() => signTransaction(data, account.privateKey, this.common))
  }

  /**
   * What eth_sendTransaction sends: signed with `from`'s key, else unsigned as an impersonated `from` (Anvil's
   * form); with `everyone` (auto-impersonation) every address without a key is impersonated.
   */
  signToSend(from: Uint8Array, data: TypedTxData, everyone = false): SignedTransaction {
    if (this.has(from) || !(everyone || this.impersonated.has(keyOf(from)))) return this.sign(from, data)
    return this.unsigned(from, data)
  }

  /** eth_sendUnsignedTransaction: `data` sent as `from` with Anvil's bypass signature, whoever `from` is. */
  unsigned(from: Uint8Array, data: TypedTxData): SignedTransaction {
    return buildOrRefuse(() => impersonatedTransaction(data, from, this.common))
  }

  impersonate(address: Uint8Array): void {
    this.impersonated.add(keyOf(address))
  }

  stopImpersonating(address: Uint8Array): void {
    this.impersonated.delete(keyOf(address))
  }

  /** The addresses sent as without a key, in the order they were first impersonated. */
  get impersonatedAddresses(): readonly string[] {
    return [...this.impersonated]
  }

  /**
   * eth_sign, personal_sign: an EIP-191 signature of `message` (keccak of "\x19Ethereum Signed Message:\n",
   * its length and itself), 65 bytes r ‖ s ‖ v with v 27 or 28, as geth and Anvil answer.
   */
  signMessage(address: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
    return signDigest(this.accountOf(address), hashMessage({ raw: message }, 'bytes'))
  }

  /** eth_signTypedData_v4: an EIP-712 signature of `typedData`, in the same 65-byte form. */
  signTypedData(address: Uint8Array, typedData: TypedData): Promise<Uint8Array> {
    // The account first, as geth: an unknown signer is told so whatever it asked to sign.
    const account = this.accountOf(address)
    return signDigest(account, typedDataDigest(typedData))
  }

  private accountOf(address: Uint8Array): DevAccount {
    const account = this.byAddress.get(keyOf(address))
    if (!account) throw new UnknownAccount(address)
    return account
  }
}

function buildOrRefuse(build: () => SignedTransaction): SignedTransaction {
  try {
    return build()
  } catch (error) {
    throw new TransactionRejected(transactionFailureReason(error))
  }
}

/** r ‖ s ‖ v (27 or 28) over `digest`; RFC 6979 nonces and low s, so any conforming signer gives the same bytes. */
async function signDigest(account: DevAccount, digest: Uint8Array): Promise<Uint8Array> {
  return hexToBytes(await sign({ hash: bytesToHex(digest), privateKey: bytesToHex(account.privateKey), to: 'hex' }))
}
