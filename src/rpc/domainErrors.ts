import {
  BlockGasLimitReachedError,
  ClientLimitExceededError,
  DomainError,
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
import type { DomainErrorKind, RpcError, RpcErrorOptions } from '../errors.ts'
import { SimulationRefused } from '../evm/index.ts'
import type { SimulationRefusalKind } from '../evm/index.ts'
import { UpstreamAnswerError } from '../fork/errors.ts'
import { NotMinedInTime } from '../txpool/errors.ts'
import { toData } from './formatters/hex.ts'

/**
 * How a kind of domain error goes out:
 * - `server`: -32000 with the error's message (geth's generic server error)
 * - `limit`: -32005 with the error's message
 * - `invalidArgument`: -32602 `invalid argument N: <message>`, N the argument the method declares for the kind
 *   (`faultyArgument`)
 * - `internal`: not a client's to hear of (a fault of chainsim's, or an error of the CLI, a config or a
 *   scenario file); if one reaches a client it goes out as -32603 "internal error", its cause logged
 * - a function: an RPC error carrying what the error holds (a hash, the upstream's own code)
 */
type WireRow = 'server' | 'limit' | 'invalidArgument' | 'internal' | ((error: DomainError) => RpcError)

/**
 * The one place where domain errors become JSON-RPC errors (as Anvil turns its `BlockchainError` into an
 * `RpcError` by one exhaustive match): a row for every {@link DomainErrorKind}, so a kind added without one
 * fails the type check.
 */
const WIRE_ERRORS = {
  // accounts/
  unknownAccount: 'server',
  chainIdMismatch: 'server',
  // A method's typed data: eth_signTypedData_v4's second argument.
  invalidTypedData: 'invalidArgument',
  // Anvil answers -32603; the token named is what is wrong, and -32603 is chainsim's word for its own faults.
  erc20SlotNotFound: 'invalidArgument',
  gasAboveCap: 'server',
  // chain/
  timestampNotAfterHead: 'invalidArgument',
  stateUnavailable: 'server',
  // config/, decoding/: files read before anything is served.
  config: 'internal',
  artifactsFolder: 'internal',
  abiDeclaration: 'internal',
  // evm/: geth answers refused overrides, a trace past its deadline and a traced call that cannot run with
  // its generic -32000 and its own words.
  traceTimeout: 'server',
  tracedCallRefused: 'server',
  // The tracer is chainsim's: its failure is one of chainsim's own.
  tracerFailed: 'internal',
  forkBlock: 'internal',
  unknownHardfork: 'internal',
  genesis: 'internal',
  derivationPath: 'internal',
  record: 'internal',
  blobEncoding: 'internal',
  // A forked network's upstream failed (or, offline, was not asked): the call fails, the node goes on.
  forkSource: 'server',
  proofNotLocal: 'server',
  simulationRefused: refusing(SimulationRefused, (error) => new SIMULATION_REFUSALS[error.refusal](error.message, { cause: error })),
  overrideRefused: 'server',
  blockImport: 'internal',
  // filters/
  filterNotFound: 'server',
  tooManyFilters: 'limit',
  // fork/: the upstream's own answer goes out as it came.
  upstreamAnswer: refusing(
    UpstreamAnswerError,
    (error) => new ForwardedUpstreamError(error.code, error.message, { cause: error, ...(error.data === undefined ? {} : { data: error.data }) }),
  ),
  forkStart: 'internal',
  notOnAFork: 'server',
  noUpstreamOffline: 'server',
  // logs/: a scan's deadline, turned into a `timeout` answer by the query itself.
  queryTimeout: 'internal',
  // mining/
  chainIdKeptByStateFile: 'server',
  chainIdChangedSinceGenesis: 'server',
  // persistence/: a state file given to anvil_loadState; one that cannot be written now (a full disk) leaves the
  // change in memory and the file as it was.
  stateFile: 'invalidArgument',
  stateSave: 'server',
  statePath: 'internal',
  loadState: 'internal',
  // reorg/
  reorg: 'invalidArgument',
  reorgPlacement: 'invalidArgument',
  reorgProfile: 'invalidArgument',
  // replay/
  noReplay: 'server',
  replayChangeRefused: 'invalidArgument',
  miningHeldByReplay: 'server',
  // rpc/faults/
  faultSpec: 'invalidArgument',
  // scenarios/, testing/, transports/, the chain import: errors of the command line and the library, not of a request.
  abi: 'internal',
  scenario: 'internal',
  value: 'internal',
  stepFailure: 'internal',
  shard: 'internal',
  startChainsim: 'internal',
  checkpointLost: 'internal',
  portInUse: 'internal',
  chainImport: 'internal',
  // txpool/
  transactionRejected: 'server',
  notMinedInTime: refusing(NotMinedInTime, (error) => new TransactionSyncTimeoutError(error.message, { cause: error, data: toData(error.hash) })),
} as const satisfies Record<DomainErrorKind, WireRow>

/** The kinds that point at one argument of the method that met them. */
export type ArgumentErrorKind = { [K in DomainErrorKind]: (typeof WIRE_ERRORS)[K] extends 'invalidArgument' ? K : never }[DomainErrorKind]

/**
 * Which argument each kind of refusal points at, as a method declares it (`faultyArgument`): what the
 * `invalid argument N` of its -32602 says.
 */
export type FaultyArguments = Readonly<Partial<Record<ArgumentErrorKind, number>>>

/**
 * Maps a domain error to its JSON-RPC error by its kind's row; `faultyArgument` is the declaration of the
 * method that met it. An error met outside a method's declaration of its kind (a node called directly) points at
 * argument 0, the one argument of most methods that can refuse one. Anything that is not a domain error is left
 * as it is, for the dispatcher to send as an RPC error or as -32603; so is a domain error of an `internal` kind.
 */
export function fromDomainError(error: unknown, faultyArgument: FaultyArguments = {}): unknown {
  if (!(error instanceof DomainError)) return error
  const row: WireRow = WIRE_ERRORS[error.kind]
  switch (row) {
    case 'server':
      return new ServerError(error.message, { cause: error })
    case 'limit':
      return new LimitExceededError(error.message, { cause: error })
    case 'invalidArgument':
      return invalidArgument(faultyArgument[error.kind as ArgumentErrorKind] ?? 0, error)
    case 'internal':
      return error
    default:
      return row(error)
  }
}

/** A row for the one class of a kind, given the error as that class. */
function refusing<E extends DomainError>(type: abstract new (...args: never[]) => E, toWire: (error: E) => RpcError): (error: DomainError) => RpcError {
  return (error) => {
    if (error instanceof type) return toWire(error)
    throw new TypeError(`${error.name} has the kind ${error.kind}, which is ${type.name}'s`)
  }
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
