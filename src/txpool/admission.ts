import { decodeRawTransaction, maxFeePerGasOf, TransactionType } from '../evm/index.ts'
import type { Common, SignedTransaction, StateView } from '../evm/index.ts'
import { TransactionRejected } from './errors.ts'

export interface AdmissionContext {
  common: Common
  /** State of the head block: nonces and balances are checked against it. */
  state: StateView
  /** Base fee of the next block. */
  baseFee: bigint
  blockGasLimit: bigint
}

/** Decodes a raw signed transaction, naming what is wrong with it when it cannot be decoded. */
export function decodeForAdmission(raw: Uint8Array, common: Common): SignedTransaction {
  // Refused before decoding: decoding a blob transaction needs the KZG setup chainsim does not have.
  if (raw[0] === TransactionType.BlobEIP4844) throw new TransactionRejected('blob transactions are not supported')
  try {
    return decodeRawTransaction(raw, common)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/chain ?id/i.test(message)) throw new TransactionRejected('invalid chain id for signer')
    if (/signature|recovery|sender|invalid s value|invalid r value/i.test(message)) {
      throw new TransactionRejected('invalid sender: bad signature')
    }
    throw new TransactionRejected(`invalid transaction: ${message.replace(/\s*\(.*$/s, '')}`)
  }
}

/**
 * Checks a decoded transaction against the head's state and the chain's rules; throws
 * TransactionRejected with the reason. Nothing is written.
 */
export async function checkAdmission(signed: SignedTransaction, context: AdmissionContext): Promise<void> {
  const { tx } = signed
  if (tx.type === TransactionType.BlobEIP4844) {
    throw new TransactionRejected('blob transactions are not supported')
  }
  if (tx.gasLimit > context.blockGasLimit) throw new TransactionRejected('exceeds block gas limit')
  // Intrinsic gas, or the EIP-7623 calldata floor when that is higher.
  const minimum = tx.getMinimumGasLimit()
  if (tx.gasLimit < minimum) {
    throw new TransactionRejected(`intrinsic gas too low: gas ${tx.gasLimit}, minimum needed ${minimum}`)
  }
  const nonce = await context.state.getNonce(signed.from)
  if (tx.nonce < nonce) {
    throw new TransactionRejected(`nonce too low: next nonce ${nonce}, tx nonce ${tx.nonce}`)
  }
  const maxFee = maxFeePerGasOf(tx)
  if (maxFee < context.baseFee) {
    throw new TransactionRejected(
      `max fee per gas less than block base fee: maxFeePerGas ${maxFee}, baseFee ${context.baseFee}`,
    )
  }
  const cost = tx.gasLimit * maxFee + tx.value
  const balance = await context.state.getBalance(signed.from)
  if (balance < cost) {
    throw new TransactionRejected(
      `insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`,
    )
  }
}

