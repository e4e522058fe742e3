import { createBlock } from '@ethereumjs/block'
import type { Block, BlockHeader } from '@ethereumjs/block'
import { createTx } from '@ethereumjs/tx'
import type { TypedTransaction, TypedTxData } from '@ethereumjs/tx'
import { Address, hexToBytes } from '@ethereumjs/util'
import { runTx } from '@ethereumjs/vm'
import type { RunTxResult, VM } from '@ethereumjs/vm'
import { keccak256 } from '../crypto/crypto.ts'
import { withBlobGasPrice } from '../patches/blobGasPriceOverride.ts'
import { withSenderCodeUnseen } from '../patches/impersonatedSenderCode.ts'
import { withGivenSender } from '../patches/givenIdentity.ts'
import { sharedCommonFor } from '../patches/sharedCommon.ts'
import { ForkSourceError } from '../errors.ts'
import { transactionFailureReason } from '../encoding/transactions.ts'
import { capturingConsole } from '../tracing/consoleCapture.ts'
import { isTracingError, traced } from '../tracing/tracer.ts'
import { vmErrorOf } from './unavailableOpcode.ts'
import { transactionGasCapOf } from '../configuration/hardforks.ts'
import type { TransactionTracer } from '../tracing/tracer.ts'
import type { Log } from '../types.ts'
import type { CallRefusal } from '../errors.ts'

/** An access-list entry: an address and the storage slots of it a transaction will touch. */
export interface AccessListEntry {
  address: Uint8Array
  storageKeys: Uint8Array[]
}

/** A message call simulated on some state: eth_call, eth_estimateGas, eth_createAccessList, eth_simulateV1. */
export interface CallRequest {
  from: Uint8Array
  to?: Uint8Array
  data?: Uint8Array
  value?: bigint
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  accessList?: readonly AccessListEntry[]
  nonce?: bigint
}

export interface CallResult {
  success: boolean
  /** Return data, or the revert data when the call reverted. */
  returnValue: Uint8Array
  gasUsed: bigint
  /** EVM error name (e.g. 'revert', 'out of gas') when the call failed. */
  error?: string
  /** Set when the call never ran: it could not be a transaction on this state. */
  refusal?: CallRefusal
  logs: Log[]
  /** What the call touched (eth_createAccessList). */
  accessList?: AccessListEntry[]
  /** The calldata of each console.log call it made, in order; only when asked for (`captureConsole`). */
  consoleCalls?: Uint8Array[]
}

/** A call that ran as a transaction: what a simulated block keeps of it. */
export interface ExecutedCall {
  result: CallResult
  tx: TypedTransaction
  /** keccak of the unsigned transaction, as geth hashes a simulated call. */
  hash: Uint8Array
  run: RunTxResult
}

/** The header fields a call's block shows the EVM (NUMBER, TIMESTAMP, GASLIMIT, COINBASE, PREVRANDAO, BASEFEE...). */
export interface CallBlockHeader {
  number: bigint
  timestamp: bigint
  gasLimit: bigint
  coinbase: Uint8Array
  /** The header's mixHash: PREVRANDAO from the merge on. */
  prevRandao: Uint8Array
  difficulty: bigint
  /** Absent before London. */
  baseFeePerGas?: bigint
  /** Absent before Cancun; BLOBBASEFEE derives from it unless `blobBaseFee` is given. */
  excessBlobGas?: bigint
  blobBaseFee?: bigint
}

/** The execution fields of a sealed block's header. */
export function callHeaderOf(header: BlockHeader): CallBlockHeader {
  return {
    number: header.number,
    timestamp: header.timestamp,
    gasLimit: header.gasLimit,
    coinbase: header.coinbase.bytes,
    prevRandao: header.mixHash,
    difficulty: header.difficulty,
    baseFeePerGas: header.baseFeePerGas,
    excessBlobGas: header.excessBlobGas,
  }
}

export interface MessageCallOptions {
  reportAccessList?: boolean
  /**
   * eth_simulateV1's `validation`: the nonce, the base fee and the fee caps are checked as for a
   * transaction, and a call naming no fee is not given a zero base fee.
   */
  validate?: boolean
  /** Gas already used in the block (simulated blocks). */
  blockGasUsed?: bigint
  tracer?: TransactionTracer
  /** Collect the calldata of the call's console.log calls (`consoleCalls` of the result). */
  captureConsole?: boolean
}

/**
 * Runs `request` as an unsigned transaction from its `from` in a block with `header`, on `vm`'s
 * state, as geth's eth_call does: no signature, the nonce check skipped (unless `validate`), the
 * sender's balance checked against value (and gas × price when a fee is named). The state changes
 * stay in `vm` (simulated blocks carry them to the next call); callers that keep nothing give it
 * an isolated state. A call that cannot run comes back failed with its `refusal`.
 */
export async function runMessageCall(
  vm: VM,
  header: CallBlockHeader,
  request: CallRequest,
  options: MessageCallOptions = {},
): Promise<{ result: CallResult; executed?: ExecutedCall }> {
  const sender = new Address(request.from)
  const fees = [request.gasPrice, request.maxFeePerGas, request.maxPriorityFeePerGas]
  // geth runs a call that names no fee with no base fee (NoBaseFee): BASEFEE and GASPRICE read 0.
  const feeless = !options.validate && fees.every((fee) => !fee)
  const headerBaseFee = header.baseFeePerGas
  const baseFee = feeless ? 0n : (headerBaseFee ?? 0n)
  // From Osaka no transaction may carry more than the EIP-7825 cap; like geth's RPC gas cap,
  // a call asking for more (or for the whole block's gas, the default) runs with the cap.
  const cap = transactionGasCapOf(vm.common)
  const wanted = request.gas ?? header.gasLimit
  const gasLimit = cap !== undefined && wanted > cap ? cap : wanted
  const feeMarket = request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined
  const account = await vm.stateManager.getAccount(sender)
  const stateNonce = account?.nonce ?? 0n
  const nonce = request.nonce ?? stateNonce
  // A fee left out is the base fee for a plain call; under validation it is 0, as geth's CallDefaults leave it.
  const defaultFee = options.validate ? 0n : baseFee
  const price = feeless ? 0n : feeMarket ? (request.maxFeePerGas ?? defaultFee) : (request.gasPrice ?? defaultFee)
  if (options.validate) {
    const refused = validationRefusal(sender, nonce, stateNonce, price, headerBaseFee)
    if (refused) return { result: refused }
  }
  // geth checks what the sender can pay: the value always, gas × price when a fee is named.
  const balance = account?.balance ?? 0n
  const cost = gasLimit * price + (request.value ?? 0n)
  if (balance < cost) {
    return {
      result: failedBeforeExecution(
        `insufficient funds for gas * price + value: address ${sender.toString()} have ${balance} want ${cost}`,
        'insufficientFunds',
      ),
    }
  }
  const data: TypedTxData = {
    type: feeMarket ? 2 : request.accessList ? 1 : 0,
    to: request.to,
    data: request.data ?? new Uint8Array(),
    value: request.value ?? 0n,
    gasLimit,
    nonce,
    accessList: request.accessList?.map((e) => [e.address, e.storageKeys]),
    ...(feeMarket
      ? { maxFeePerGas: request.maxFeePerGas ?? defaultFee, maxPriorityFeePerGas: request.maxPriorityFeePerGas ?? 0n }
      : { gasPrice: request.gasPrice ?? defaultFee }),
  } as TypedTxData
  let tx: TypedTransaction
  try {
    tx = createTx(data, { common: sharedCommonFor(vm.common), freeze: false })
  } catch (error) {
    return { result: refusedWith(error) }
  }
  // An unsigned transaction has no sender to recover: the request names it.
  withGivenSender(tx, sender)
  const block = executionBlock(vm, header, {
    gasLimit: header.gasLimit > gasLimit ? header.gasLimit : gasLimit,
    baseFee: headerBaseFee === undefined ? undefined : baseFee,
  })
  let run: RunTxResult
  let consoleCalls: Uint8Array[] | undefined
  try {
    // geth's calls skip EIP-3607 (SkipFromEOACheck): a call or an estimate may come from a contract.
    const execute = () =>
      withSenderCodeUnseen(vm, sender, () =>
        runTx(vm, {
          tx,
          block,
          blockGasUsed: options.blockGasUsed,
          skipNonce: true,
          skipBalance: true,
          skipBlockGasLimitValidation: true,
          skipHardForkValidation: true,
          reportAccessList: options.reportAccessList ?? false,
        }),
      )
    const traceable = options.tracer
      ? () => traced(vm, options.tracer as TransactionTracer, { tx, sender, coinbase: block.header.coinbase.bytes }, execute)
      : execute
    if (options.captureConsole) ({ value: run, consoleCalls } = await capturingConsole(vm, traceable))
    else run = await traceable()
  } catch (error) {
    // A tracer's fault, or a forked chain's upstream that could not answer: the call fails, it did not run.
    if (isTracingError(error) || error instanceof ForkSourceError) throw error
    // Refused before execution (too little gas for the intrinsic cost...): a failed call, not a fault.
    return { result: refusedWith(error) }
  }
  const error = vmErrorOf(run.execResult, vm.common)
  const result: CallResult = {
    success: error === undefined,
    returnValue: run.execResult.returnValue,
    gasUsed: run.totalGasSpent,
    error,
    logs: (run.execResult.logs ?? []).map(([address, topics, data]) => ({ address, topics, data })),
    accessList: run.accessList?.map((entry) => ({
      address: hexToBytes(entry.address),
      storageKeys: entry.storageKeys.map((key) => hexToBytes(key)),
    })),
    ...(consoleCalls ? { consoleCalls } : {}),
  }
  return { result, executed: { result, tx, hash: keccak256(tx.serialize()), run } }
}

/** The block runTx reads NUMBER, TIMESTAMP, COINBASE, PREVRANDAO, GASLIMIT, BASEFEE and BLOBBASEFEE from. */
function executionBlock(vm: VM, header: CallBlockHeader, adjusted: { gasLimit: bigint; baseFee: bigint | undefined }): Block {
  const block = createBlock(
    {
      header: {
        number: header.number,
        timestamp: header.timestamp,
        gasLimit: adjusted.gasLimit,
        coinbase: header.coinbase,
        mixHash: header.prevRandao,
        difficulty: header.difficulty,
        baseFeePerGas: adjusted.baseFee,
        excessBlobGas: header.excessBlobGas,
      },
    },
    { common: sharedCommonFor(vm.common), freeze: false, skipConsensusFormatValidation: true },
  )
  const { blobBaseFee } = header
  // The header has no blob base fee field, only the excess it is derived from: an override replaces the derivation.
  if (blobBaseFee !== undefined) withBlobGasPrice(block.header, blobBaseFee)
  return block
}

/** geth's pre-execution checks of a simulated call under `validation`, in its words. */
function validationRefusal(sender: Address, nonce: bigint, stateNonce: bigint, feeCap: bigint, baseFee: bigint | undefined): CallResult | undefined {
  if (nonce < stateNonce) {
    return failedBeforeExecution(`nonce too low: address ${sender.toString()}, tx: ${nonce} state: ${stateNonce}`, 'nonceTooLow')
  }
  if (nonce > stateNonce) {
    return failedBeforeExecution(`nonce too high: address ${sender.toString()}, tx: ${nonce} state: ${stateNonce}`, 'nonceTooHigh')
  }
  if (baseFee !== undefined && feeCap < baseFee) {
    return failedBeforeExecution(
      `max fee per gas less than block base fee: address ${sender.toString()}, maxFeePerGas: ${feeCap}, baseFee: ${baseFee}`,
      'feeCapTooLow',
    )
  }
  return undefined
}

function refusedWith(error: unknown): CallResult {
  const reason = transactionFailureReason(error)
  const refusal: CallRefusal = reason.startsWith('intrinsic gas too low')
    ? 'intrinsicGas'
    : reason.startsWith('insufficient funds')
      ? 'insufficientFunds'
      : reason.startsWith('max initcode size exceeded')
        ? 'initCodeTooLarge'
        : 'other'
  return failedBeforeExecution(reason, refusal)
}

function failedBeforeExecution(error: string, refusal: CallRefusal): CallResult {
  return { success: false, returnValue: new Uint8Array(), gasUsed: 0n, error, refusal, logs: [] }
}
