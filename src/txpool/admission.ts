import {
  BlobEncodingError,
  blobFieldsOf,
  blobGasOf,
  decodeRawTransaction,
  gasCapRefusal,
  maxFeePerGasOf,
  splitBlobNetworkForm,
  TransactionType,
} from '../evm/index.ts'
import type { Common, SignedTransaction, StateView } from '../evm/index.ts'
import { checkBlobTransaction, MISSING_SIDECAR } from './blobSidecar.ts'
import { TransactionRejected } from './errors.ts'

export interface AdmissionContext {
  /** State of the head block: nonces and balances are checked against it. */
  state: StateView
  /** Base fee of the next block. */
  baseFee: bigint
  /** Blob gas price of the next block (EIP-4844). */
  blobBaseFee: bigint
  blockGasLimit: bigint
}

/**
 * Decodes a raw signed transaction, naming what is wrong with it when it cannot be decoded. A
 * blob transaction's sidecar is checked (geth's rules, KZG proofs verified) before anything else
 * is read from it; `sidecarVersion` is what the head's fork takes.
 */
export function decodeForAdmission(raw: Uint8Array, common: Common, sidecarVersion: 0 | 1, blockGasLimit: bigint): SignedTransaction {
  if (raw[0] !== TransactionType.BlobEIP4844) return decode(raw, common, blockGasLimit)
  let split
  try {
    split = splitBlobNetworkForm(raw)
  } catch (error) {
    if (error instanceof BlobEncodingError) throw new TransactionRejected(error.message)
    throw error
  }
  const { payload, sidecar } = split
  // Of a shape the decoder refuses anyway, the decoder's reason is the clearer one.
  const fields = blobFieldsOf(payload)
  if (fields) checkBlobTransaction(fields, sidecar, sidecarVersion)
  const signed = decode(payload, common, blockGasLimit)
  return sidecar ? signed.with({ sidecar }) : signed
}

// @ethereumjs refuses to decode a transaction over EIP-7825's cap, with its own words.
const OVER_GAS_CAP = /gas limit (\d+) exceeds the maximum allowed by EIP-7825 \((\d+)\)/

function decode(raw: Uint8Array, common: Common, blockGasLimit: bigint): SignedTransaction {
  try {
    return decodeRawTransaction(raw, common)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const overCap = OVER_GAS_CAP.exec(message)
    const refusal = overCap && gasCapRefusal(BigInt(overCap[1] as string), BigInt(overCap[2] as string), blockGasLimit)
    if (refusal) throw new TransactionRejected(refusal)
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
  // A blob transaction comes back from a reorg with the sidecar it arrived with; one mined
  // elsewhere (an imported or restored block) has none, and no pool can take it (geth's neither).
  if (tx.type === TransactionType.BlobEIP4844 && !signed.sidecar) throw new TransactionRejected(MISSING_SIDECAR)
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
    throw new TransactionRejected(`max fee per gas less than block base fee: maxFeePerGas ${maxFee}, baseFee ${context.baseFee}`)
  }
  const maxFeePerBlobGas = 'maxFeePerBlobGas' in tx ? tx.maxFeePerBlobGas : undefined
  if (maxFeePerBlobGas !== undefined && maxFeePerBlobGas < context.blobBaseFee) {
    throw new TransactionRejected(`max fee per blob gas less than block blob gas fee: maxFeePerBlobGas ${maxFeePerBlobGas}, blobBaseFee ${context.blobBaseFee}`)
  }
  // geth's tx.Cost(): the blob gas at its fee cap counts too.
  const cost = tx.gasLimit * maxFee + tx.value + (maxFeePerBlobGas ?? 0n) * blobGasOf(tx)
  const balance = await context.state.getBalance(signed.from)
  if (balance < cost) {
    throw new TransactionRejected(`insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`)
  }
}
