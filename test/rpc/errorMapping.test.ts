import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { ChainIdMismatch, Erc20SlotNotFound, GasAboveCap, InvalidTypedData, UnknownAccount } from '../../src/accounts/errors.ts'
import { StateUnavailable, TimestampNotAfterHead } from '../../src/chain/errors.ts'
import { ConfigError } from '../../src/config/errors.ts'
import { AbiDeclarationError, ArtifactsFolderError } from '../../src/decoding/errors.ts'
import { ChainImportError, ChainsimError, DomainError, RpcError, toRpcErrorObject } from '../../src/errors.ts'
import type { DomainErrorKind, RpcErrorObject } from '../../src/errors.ts'
import {
  BlobEncodingError,
  BlockImportError,
  DerivationPathError,
  ForkBlockError,
  ForkSourceError,
  GenesisError,
  OverrideRefused,
  ProofNotLocal,
  RecordError,
  SimulationRefused,
  TracedCallRefused,
  TracerFailed,
  TraceTimeout,
  UnknownHardforkError,
} from '../../src/evm/errors.ts'
import { FilterNotFound, TooManyFilters } from '../../src/filters/errors.ts'
import {
  ForkStartError,
  MalformedAnswer,
  NotCached,
  NotOnAFork,
  NoUpstreamOffline,
  UpstreamAnswerError,
  UpstreamError,
  UpstreamReorged,
  UpstreamUnanswered,
} from '../../src/fork/errors.ts'
import { QueryTimeout } from '../../src/logs/errors.ts'
import { ChainIdChangedSinceGenesis, ChainIdKeptByStateFile } from '../../src/mining/errors.ts'
import { LoadStateError, StateFileError, StatePathError, StateSaveError } from '../../src/persistence/errors.ts'
import { ReorgError, ReorgProfileError } from '../../src/reorg/errors.ts'
import { MiningHeldByReplay, NoReplay, ReplayChangeRefused } from '../../src/replay/errors.ts'
import { fromDomainError } from '../../src/rpc/domainErrors.ts'
import { FaultSpecError } from '../../src/rpc/faults/errors.ts'
import { anvil_reorg } from '../../src/rpc/methods/anvil_reorg.ts'
import { anvil_setERC20Allowance } from '../../src/rpc/methods/anvil_setERC20Allowance.ts'
import { eth_signTypedData_v4 } from '../../src/rpc/methods/eth_signTypedData_v4.ts'
import { AbiError, ScenarioError, ShardError, StepFailure, ValueError } from '../../src/scenarios/errors.ts'
import { CheckpointLost, StartChainsimError } from '../../src/testing/errors.ts'
import { PortInUseError } from '../../src/transports/errors.ts'
import { NotMinedInTime, TransactionRejected } from '../../src/txpool/errors.ts'

// The wire code of each domain error kind. A kind added to DomainErrorKind without a row here fails the type
// check, as it does in src/rpc/domainErrors.ts; -32603 is a kind that is not a client's to hear of.
const CODE_OF_KIND = {
  unknownAccount: -32000,
  chainIdMismatch: -32000,
  invalidTypedData: -32602,
  erc20SlotNotFound: -32602,
  gasAboveCap: -32000,
  timestampNotAfterHead: -32602,
  stateUnavailable: -32000,
  config: -32603,
  artifactsFolder: -32603,
  abiDeclaration: -32603,
  traceTimeout: -32000,
  tracedCallRefused: -32000,
  tracerFailed: -32603,
  forkBlock: -32603,
  unknownHardfork: -32603,
  genesis: -32603,
  derivationPath: -32603,
  record: -32603,
  blobEncoding: -32603,
  forkSource: -32000,
  proofNotLocal: -32000,
  simulationRefused: -38010,
  overrideRefused: -32000,
  blockImport: -32603,
  filterNotFound: -32000,
  tooManyFilters: -32005,
  upstreamAnswer: 3,
  forkStart: -32603,
  notOnAFork: -32000,
  noUpstreamOffline: -32000,
  queryTimeout: -32603,
  chainIdKeptByStateFile: -32000,
  chainIdChangedSinceGenesis: -32000,
  stateFile: -32602,
  stateSave: -32000,
  statePath: -32603,
  loadState: -32603,
  reorg: -32602,
  reorgPlacement: -32602,
  reorgProfile: -32602,
  noReplay: -32000,
  replayChangeRefused: -32602,
  miningHeldByReplay: -32000,
  faultSpec: -32602,
  abi: -32603,
  scenario: -32603,
  value: -32603,
  stepFailure: -32603,
  shard: -32603,
  startChainsim: -32603,
  checkpointLost: -32603,
  portInUse: -32603,
  transactionRejected: -32000,
  notMinedInTime: 4,
  chainImport: -32603,
} as const satisfies Record<DomainErrorKind, number>

// One instance of every domain error class (the simulation refusal and the upstream answer chosen for their
// codes above).
const EXAMPLES: DomainError[] = [
  new UnknownAccount(new Uint8Array(20)),
  new ChainIdMismatch(1n, 2n),
  new InvalidTypedData('message.value: missing value for type uint256'),
  new Erc20SlotNotFound('balance'),
  new GasAboveCap('transaction gas limit too high'),
  new TimestampNotAfterHead(1n, 2n),
  new StateUnavailable(1n, 128),
  new ConfigError('chainsim.yaml: port: expected number'),
  new ArtifactsFolderError('out/ cannot be read'),
  new AbiDeclarationError(0, 'not an ABI item'),
  new TraceTimeout(),
  new TracedCallRefused('insufficient funds'),
  new TracerFailed(new Error('a step failed')),
  new ForkBlockError('the fork block hashes differently'),
  new UnknownHardforkError('no hardfork frontier'),
  new GenesisError('config: missing chainId'),
  new DerivationPathError('m/x', 'not an index'),
  new RecordError('a receipt is not a list'),
  new BlobEncodingError('rlp: too few elements'),
  new ForkSourceError('upstream gone'),
  new UpstreamError('http://upstream', 'eth_getBalance failed'),
  new UpstreamUnanswered('http://upstream', 'no answer in 5s'),
  new UpstreamReorged('http://upstream', 'the fork block is gone'),
  new MalformedAnswer('a block without a hash'),
  new NotCached('not in the fork cache'),
  new ProofNotLocal('the fork never wrote this account'),
  new SimulationRefused('nonceTooLow', 'nonce too low'),
  new OverrideRefused("account 0x01 has both 'state' and 'stateDiff'"),
  new BlockImportError(1n, 'bad state root'),
  new FilterNotFound('0x1'),
  new TooManyFilters(10),
  new UpstreamAnswerError(3, 'execution reverted', '0x08c3'),
  new ForkStartError('the upstream has no block 10'),
  new NotOnAFork('a forked network cannot be dumped'),
  new NoUpstreamOffline('an offline fork has no upstream'),
  new QueryTimeout(),
  new ChainIdKeptByStateFile(1n),
  new ChainIdChangedSinceGenesis(1n, 2n),
  new StateFileError('state.json is not valid JSON'),
  new StateSaveError('state.json cannot be written'),
  new StatePathError('no such folder'),
  new LoadStateError('dump.json cannot be read'),
  new ReorgError('depth', 'depth must be at least 1'),
  new ReorgError('placement', 'block index 3 is outside the 2 reorged blocks'),
  new ReorgProfileError('no profile named solana'),
  new NoReplay('this network replays nothing'),
  new ReplayChangeRefused('pause and resume together'),
  new MiningHeldByReplay('the replay mines until its last block'),
  new FaultSpecError('chainsim has no method eth_nope'),
  new AbiError('uint8 does not take 300'),
  new ScenarioError('a.yaml', []),
  new ValueError('not a number'),
  new StepFailure('the call reverted'),
  new ShardError('--shard 3/2'),
  new StartChainsimError('the scenario failed'),
  new CheckpointLost('main'),
  new PortInUseError('main', '127.0.0.1', 8545, { kind: 'config' }),
  new TransactionRejected('nonce too low: next nonce 1, tx nonce 0'),
  new NotMinedInTime(new Uint8Array(32).fill(1), 500),
  new ChainImportError('blocks.rlp: block 3: bad state root'),
]

const wire = (error: DomainError, ...declared: Parameters<typeof fromDomainError>[1][]): RpcErrorObject => toRpcErrorObject(fromDomainError(error, ...declared))

const SRC = fileURLToPath(new URL('../../src/', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

const errorModules = sourceFiles(SRC).filter((path) => path.endsWith('errors.ts'))

describe('domain errors on the wire', () => {
  test('every exported error class of every errors.ts is a domain error or an RPC error, and has an example here', async () => {
    const exampleClasses = new Set(EXAMPLES.map((error) => error.constructor))
    const missing: string[] = []
    for (const path of errorModules) {
      const exported = Object.values(await import(path)) as unknown[]
      for (const value of exported) {
        if (typeof value !== 'function' || !(value.prototype instanceof ChainsimError) || value === DomainError || value === RpcError) continue
        const where = `${relative(SRC, path)}: ${value.name}`
        expect(value.prototype instanceof DomainError || value.prototype instanceof RpcError, `${where} is neither a DomainError nor an RpcError`).toBe(true)
        if (value.prototype instanceof DomainError && !exampleClasses.has(value)) missing.push(where)
      }
    }
    expect(missing).toEqual([])
  })

  test('every kind has an example, and each example goes out with its kind’s code', () => {
    expect(new Set(EXAMPLES.map((error) => error.kind))).toEqual(new Set(Object.keys(CODE_OF_KIND)))
    for (const error of EXAMPLES) expect(wire(error).code, `${error.name} (${error.kind})`).toBe(CODE_OF_KIND[error.kind])
  })

  test('messages and data: kept, prefixed with the argument, or withheld', () => {
    expect(wire(new TransactionRejected('already known'))).toEqual({ code: -32000, message: 'already known' })
    expect(wire(new TooManyFilters(10))).toEqual({ code: -32005, message: 'too many filters: at most 10 per network; uninstall some or let them expire' })
    expect(wire(new ReorgError('depth', 'depth must be at least 1'))).toEqual({ code: -32602, message: 'invalid argument 0: depth must be at least 1' })
    expect(wire(new TracerFailed(new Error('secret path')))).toEqual({ code: -32603, message: 'internal error' })
    expect(wire(new NotMinedInTime(new Uint8Array(32).fill(0xab), 1500))).toEqual({
      code: 4,
      message: "The transaction was added to the transaction pool but wasn't processed in 1.5s",
      data: `0x${'ab'.repeat(32)}`,
    })
    expect(wire(new UpstreamAnswerError(3, 'execution reverted', '0x08c3'))).toEqual({ code: 3, message: 'execution reverted', data: '0x08c3' })
    expect(wire(new SimulationRefused('blockTimestamp', 'block timestamps must be in order'))).toEqual({
      code: -38021,
      message: 'block timestamps must be in order',
    })
  })

  test('the argument an error points at is the one its method declares', () => {
    expect(wire(new ReorgError('placement', 'pair 0: bad'), anvil_reorg.faultyArgument).message).toBe('invalid argument 1: pair 0: bad')
    expect(wire(new ReorgError('depth', 'depth must be at least 1'), anvil_reorg.faultyArgument).message).toBe('invalid argument 0: depth must be at least 1')
    expect(wire(new InvalidTypedData('bad'), eth_signTypedData_v4.faultyArgument).message).toBe('invalid argument 1: bad')
    expect(wire(new Erc20SlotNotFound('allowance'), anvil_setERC20Allowance.faultyArgument).message).toBe(
      'invalid argument 2: Unable to set ERC20 allowance, no slot found',
    )
  })

  test('anything else is left as it is', () => {
    const error = new Error('boom')
    expect(fromDomainError(error)).toBe(error)
    expect(toRpcErrorObject(fromDomainError(error))).toEqual({ code: -32603, message: 'internal error' })
  })

  test('error classes live in errors.ts, but for the few that never leave their module or are a client’s view of the wire', () => {
    const outside = sourceFiles(SRC)
      .filter((path) => !path.endsWith('errors.ts'))
      .flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(/^(?:export )?class (\w+) extends (\w+)/gm)]
          .filter(([, , base]) => /Error$|Failure$|^ChainsimError$|^DomainError$|^Error$/.test(base ?? ''))
          .map(([, name]) => `${relative(SRC, path)}: ${name}`),
      )
    expect(outside.sort()).toEqual(
      [
        // Retried or turned into an UpstreamError before the module answers.
        'fork/upstreamClient.ts: AttemptFailure',
        // The explorer page's and the in-process client's view of a wire error, not errors chainsim throws.
        'explorer/ui/source.ts: RpcFailure',
        // Caught within the replay's own loop, which stops with its message.
        'replay/replayControl.ts: HeightMoved',
        'testing/inProcessTransport.ts: InProcessRpcError',
      ].sort(),
    )
  })
})
