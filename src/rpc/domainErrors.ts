import { ChainIdMismatch, Erc20SlotNotFound, GasAboveCap, InvalidTypedData, UnknownAccount } from '../accounts/errors.ts'
import { StateUnavailable, TimestampNotAfterHead } from '../chain/errors.ts'
import { ChainIdChangedSinceGenesis, ChainIdKeptByStateFile } from '../mining/errors.ts'
import {
  BlockGasLimitReachedError,
  ClientLimitExceededError,
  ForwardedUpstreamError,
  InitCodeTooLargeError,
  InsufficientFundsError,
  IntrinsicGasError,
  InvalidBlockNumberError,
  InvalidBlockTimestampError,
  InvalidParamsError,
  LimitExceededError,
  NonceTooHighError,
  NonceTooLowError,
  ServerError,
  TransactionSyncTimeoutError,
} from '../errors.ts'
import type { RpcError, RpcErrorOptions } from '../errors.ts'
import { ForkSourceError, OverrideRefused, ProofNotLocal, SimulationRefused, TraceTimeout, TracingFailed } from '../evm/index.ts'
import type { SimulationRefusalKind } from '../evm/index.ts'
import { FilterNotFound, TooManyFilters } from '../filters/errors.ts'
import { NoUpstreamOffline, NotOnAFork, UpstreamAnswerError } from '../fork/errors.ts'
import { StateFileError, StateSaveError } from '../persistence/stateFile.ts'
import { ReorgError } from '../reorg/errors.ts'
import { ReorgProfileError } from '../reorg/profiles/index.ts'
import { MiningHeldByReplay, NoReplay, ReplayChangeRefused } from '../replay/errors.ts'
import { FaultSpecError } from './faults/faultInjector.ts'
import { NotMinedInTime, TransactionRejected } from '../txpool/errors.ts'
import { toData } from './formatters/hex.ts'

/**
 * The one place where domain errors become JSON-RPC errors (as Anvil turns its `BlockchainError` into an
 * `RpcError`): the code, the message a client sees, and which argument was at fault. Anything else is left
 * as it is, for the dispatcher to send as an RPC error or as -32603.
 */
export function fromDomainError(error: unknown): unknown {
  if (
    error instanceof TransactionRejected ||
    error instanceof GasAboveCap ||
    error instanceof UnknownAccount ||
    error instanceof FilterNotFound ||
    error instanceof ChainIdMismatch ||
    error instanceof StateUnavailable
  ) {
    return new ServerError(error.message, { cause: error })
  }
  if (error instanceof NotMinedInTime) return new TransactionSyncTimeoutError(error.message, { cause: error, data: toData(error.hash) })
  if (error instanceof NoReplay || error instanceof MiningHeldByReplay) return new ServerError(error.message, { cause: error })
  if (error instanceof ReplayChangeRefused || error instanceof ReorgProfileError) return invalidArgument(0, error)
  if (error instanceof TooManyFilters) return new LimitExceededError(error.message, { cause: error })
  // A forked network's upstream failed (or, offline, was not asked): the call fails, the node goes on.
  if (error instanceof ForkSourceError || error instanceof ProofNotLocal || error instanceof NotOnAFork || error instanceof NoUpstreamOffline)
    return new ServerError(error.message, { cause: error })
  if (error instanceof UpstreamAnswerError) {
    return new ForwardedUpstreamError(error.code, error.message, { cause: error, ...(error.data === undefined ? {} : { data: error.data }) })
  }
  if (error instanceof ReorgError) {
    // anvil_reorg's placements are its second argument; every other reorg option is in the first.
    return invalidArgument(error.subject === 'placement' ? 1 : 0, error)
  }
  if (error instanceof TimestampNotAfterHead || error instanceof FaultSpecError) return invalidArgument(0, error)
  // eth_signTypedData_v4's typed data is its second argument; anvil_loadState's state its only one.
  if (error instanceof InvalidTypedData) return invalidArgument(1, error)
  // Anvil answers -32603; the token named is what is wrong, and -32603 is chainsim's word for its own faults.
  if (error instanceof Erc20SlotNotFound) return invalidArgument(error.argument, error)
  if (error instanceof StateFileError) return invalidArgument(0, error)
  // The state file cannot be written (a full disk): the change is in memory, the file is as it was.
  if (error instanceof StateSaveError) return new ServerError(error.message, { cause: error })
  // geth answers these with its generic -32000 and its own words.
  if (error instanceof OverrideRefused || error instanceof TraceTimeout || error instanceof TracingFailed) {
    return new ServerError(error.message, { cause: error })
  }
  if (error instanceof ChainIdKeptByStateFile || error instanceof ChainIdChangedSinceGenesis) return new ServerError(error.message, { cause: error })
  if (error instanceof SimulationRefused) return new SIMULATION_REFUSALS[error.kind](error.message, { cause: error })
  return error
}

/** eth_simulateV1's code for each refusal (geth's txValidationError and simulate errors). */
const SIMULATION_REFUSALS: Record<SimulationRefusalKind, new (message: string, options: RpcErrorOptions) => RpcError> = {
  nonceTooLow: NonceTooLowError,
  nonceTooHigh: NonceTooHighError,
  intrinsicGas: IntrinsicGasError,
  insufficientFunds: InsufficientFundsError,
  feeCapTooLow: InvalidParamsError,
  initCodeTooLarge: InitCodeTooLargeError,
  blockGasLimit: BlockGasLimitReachedError,
  blockNumber: InvalidBlockNumberError,
  blockTimestamp: InvalidBlockTimestampError,
  tooManyBlocks: ClientLimitExceededError,
  // geth answers any other refusal with -32603; chainsim keeps -32603 for its own faults.
  other: ServerError,
}

function invalidArgument(position: number, error: Error): RpcError {
  return new InvalidParamsError(`invalid argument ${position}: ${error.message}`, { cause: error })
}
