import { Block, createBlockHeader, genWithdrawalsTrieRoot } from '@ethereumjs/block'
import type { BlockHeader } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import type { CustomPrecompile } from '@ethereumjs/evm'
import type { MerkleStateManager } from '@ethereumjs/statemanager'
import { Address, createWithdrawal, KECCAK256_RLP } from '@ethereumjs/util'
import type { RunTxResult, VM } from '@ethereumjs/vm'
import { blockCommitments } from './blockBuilder.ts'
import type { AncestorHashLookup } from './isolatedVm.ts'
import { applyStateOverrides } from './overrides.ts'
import type { AccountOverride, BlockOverrides } from './overrides.ts'
import { runMessageCall } from './messageCall.ts'
import type { CallBlockHeader, CallRequest, CallResult } from './messageCall.ts'
import { sharedCommonFor } from '../patches/sharedCommon.ts'
import { accumulateParentBeaconBlockRoot, accumulateParentBlockHash } from './systemCalls.ts'
import { TransferLogCollector } from '../tracing/logCollector.ts'
import { effectiveGasPriceOf, SignedTransaction } from '../encoding/transactions.ts'
import type { ExecutedTransaction, Log } from '../types.ts'
import { SimulationRefused } from '../errors.ts'

/** geth's limit on the blocks one eth_simulateV1 may span. */
export const MAX_SIMULATED_BLOCKS = 256
/** Seconds between simulated blocks whose time is not given (geth's timestampIncrement). */
const TIMESTAMP_INCREMENT = 12n
/** Gas all calls of one simulation may use together (geth's default RPC gas cap). */
export const SIMULATION_GAS_CAP = 50_000_000n

/** A consensus-layer withdrawal into a simulated block; `amount` is in gwei. */
export interface SimulatedWithdrawal {
  index: bigint
  validatorIndex: bigint
  address: Uint8Array
  amount: bigint
}

/** One block of eth_simulateV1's `blockStateCalls`. */
export interface SimulatedBlockRequest {
  blockOverrides?: BlockOverrides & { beaconRoot?: Uint8Array; withdrawals?: SimulatedWithdrawal[] }
  stateOverrides?: AccountOverride[]
  calls: CallRequest[]
}

export interface SimulationOptions {
  /** Check nonces, base fee and fee caps as for transactions (and derive the base fee). */
  validation: boolean
  /** Report ether transfers as ERC-7528 Transfer logs among the calls' logs. */
  traceTransfers: boolean
}

/** One simulated call's outcome. */
export interface SimulatedCall {
  result: CallResult
  /** Gas used before the refund. */
  maxUsedGas: bigint
  logs: Log[]
  sender: Uint8Array
}

/** A sealed simulated block, its calls as transactions (with receipts) and their outcomes. */
export interface SimulatedBlock {
  block: Block
  transactions: ExecutedTransaction[]
  calls: SimulatedCall[]
}

/** What the simulation runs on: the base block's header and state, and how to make VMs and read ancestors. */
export interface SimulationBase {
  header: BlockHeader
  state: MerkleStateManager
  /** The chain's Common at the fork of a block with this number and time. */
  commonAt(number: bigint, timestamp: bigint): Common
  vm(state: MerkleStateManager, common: Common, ancestorHash: AncestorHashLookup, precompiles: CustomPrecompile[]): Promise<VM>
  ancestorHash: AncestorHashLookup
}

/**
 * eth_simulateV1 as geth runs it: the requested blocks on top of the base block, numbers and
 * timestamps checked and defaulted (gaps filled with empty blocks), each block's state overrides
 * applied before its calls, the calls run one after another as transactions of that block, and
 * the block sealed (state root, transactions, receipts, logs bloom). Nothing reaches the chain:
 * `base.state` is an isolated copy.
 */
export async function simulateBlocks(base: SimulationBase, requests: readonly SimulatedBlockRequest[], options: SimulationOptions): Promise<SimulatedBlock[]> {
  const blocks = sanitizeChain(base.header, requests)
  const simulated: SimulatedBlock[] = []
  const hashes = new Map<bigint, Uint8Array>()
  const ancestorHash: AncestorHashLookup = (n) => (n <= base.header.number ? base.ancestorHash(n) : hashes.get(n))
  let parent = base.header
  let gasLeft = SIMULATION_GAS_CAP
  for (const request of blocks) {
    const block = await simulateBlock(base, parent, request, options, ancestorHash, gasLeft)
    gasLeft -= block.block.header.gasUsed
    hashes.set(block.block.header.number, block.block.hash())
    simulated.push(block)
    parent = block.block.header
  }
  return simulated
}

type SanitizedRequest = SimulatedBlockRequest & { number: bigint; timestamp: bigint }

/** geth's sanitizeChain: numbers and times strictly increasing, defaults filled, gaps as empty blocks. */
function sanitizeChain(base: BlockHeader, requests: readonly SimulatedBlockRequest[]): SanitizedRequest[] {
  const out: SanitizedRequest[] = []
  let number = base.number
  let timestamp = base.timestamp
  for (const request of requests) {
    const wanted = request.blockOverrides?.number ?? number + 1n
    if (wanted <= number) throw new SimulationRefused('blockNumber', `block numbers must be in order: ${wanted} <= ${number}`)
    if (wanted - base.number > BigInt(MAX_SIMULATED_BLOCKS)) throw new SimulationRefused('tooManyBlocks', 'too many blocks')
    for (let gap = number + 1n; gap < wanted; gap++) {
      timestamp += TIMESTAMP_INCREMENT
      out.push({ calls: [], number: gap, timestamp })
    }
    number = wanted
    const time = request.blockOverrides?.time
    if (time !== undefined && time <= timestamp) {
      throw new SimulationRefused('blockTimestamp', `block timestamps must be in order: ${time} <= ${timestamp}`)
    }
    timestamp = time ?? timestamp + TIMESTAMP_INCREMENT
    out.push({ ...request, number, timestamp })
  }
  return out
}

async function simulateBlock(
  base: SimulationBase,
  parent: BlockHeader,
  request: SanitizedRequest,
  options: SimulationOptions,
  ancestorHash: AncestorHashLookup,
  simulationGasLeft: bigint,
): Promise<SimulatedBlock> {
  const overrides = request.blockOverrides ?? {}
  const common = base.commonAt(request.number, request.timestamp)
  const precompiles = await applyStateOverrides(base.state, request.stateOverrides ?? [], common)
  const vm = await base.vm(base.state, common, ancestorHash, precompiles)
  const london = common.isActivatedEIP(1559)
  const cancun = common.isActivatedEIP(4844)
  const header: CallBlockHeader = {
    number: request.number,
    timestamp: request.timestamp,
    gasLimit: overrides.gasLimit ?? base.header.gasLimit,
    coinbase: overrides.feeRecipient ?? base.header.coinbase.bytes,
    prevRandao: overrides.prevRandao ?? new Uint8Array(32),
    difficulty: base.header.difficulty,
    // Without validation a block's base fee is 0 unless given: a call naming no fee must not fail on it.
    baseFeePerGas: london ? (overrides.baseFeePerGas ?? (options.validation && parent.baseFeePerGas !== undefined ? parent.calcNextBaseFee() : 0n)) : undefined,
    excessBlobGas: cancun ? (parent.excessBlobGas !== undefined ? parent.calcNextExcessBlobGas(common) : 0n) : undefined,
    blobBaseFee: overrides.blobBaseFee,
  }
  const beaconRoot = cancun ? (overrides.beaconRoot ?? new Uint8Array(32)) : undefined
  if (common.isActivatedEIP(4788) && beaconRoot) await accumulateParentBeaconBlockRoot(vm, beaconRoot, header.timestamp)
  if (common.isActivatedEIP(2935)) await accumulateParentBlockHash(vm, header.number, parent.hash())

  const calls: SimulatedCall[] = []
  const transactions: ExecutedTransaction[] = []
  const runs: RunTxResult[] = []
  let gasUsed = 0n
  let logIndex = 0
  for (const call of request.calls) {
    const gasLeft = simulationGasLeft - gasUsed
    const blockGasLeft = header.gasLimit - gasUsed
    const gas = call.gas ?? blockGasLeft
    if (gas > blockGasLeft) throw new SimulationRefused('blockGasLimit', `block gas limit reached: ${gasUsed} >= ${header.gasLimit}`)
    const collector = options.traceTransfers ? new TransferLogCollector(Number.POSITIVE_INFINITY) : undefined
    const { result, executed } = await runMessageCall(
      vm,
      header,
      { ...call, gas: gas < gasLeft ? gas : gasLeft },
      { validate: options.validation, blockGasUsed: gasUsed, tracer: collector },
    )
    if (!executed) throw new SimulationRefused(result.refusal ?? 'other', result.error ?? 'call refused')
    const { run, tx } = executed
    gasUsed += run.blockGasSpent
    const logs = collector ? collector.output() : result.logs
    calls.push({ result, maxUsedGas: run.totalGasSpent + run.gasRefund, logs, sender: call.from })
    transactions.push({
      signed: new SignedTransaction(tx, { identity: { hash: executed.hash, from: call.from } }),
      status: result.success ? 1 : 0,
      gasUsed: run.totalGasSpent,
      cumulativeGasUsed: gasUsed,
      effectiveGasPrice: effectiveGasPriceOf(tx, header.baseFeePerGas ?? 0n),
      contractAddress: run.createdAddress?.bytes,
      logs: result.logs,
      firstLogIndex: logIndex,
    })
    logIndex += result.logs.length
    runs.push(run)
  }
  const withdrawals = common.isActivatedEIP(4895) ? (overrides.withdrawals ?? []).map(toWithdrawal) : undefined
  for (const withdrawal of withdrawals ?? []) {
    if (withdrawal.amount === 0n) continue
    const account = await base.state.getAccount(withdrawal.address)
    await base.state.modifyAccountFields(withdrawal.address, { balance: (account?.balance ?? 0n) + withdrawal.amount * 10n ** 9n })
  }
  const sealed = sharedCommonFor(common)
  const txs = transactions.map((t) => t.signed.tx)
  const commitments = await blockCommitments(vm, runs, transactions, header.gasLimit)
  const blockHeader = createBlockHeader(
    {
      ...commitments,
      parentHash: parent.hash(),
      number: header.number,
      timestamp: header.timestamp,
      gasLimit: header.gasLimit,
      gasUsed,
      coinbase: header.coinbase,
      mixHash: header.prevRandao,
      difficulty: header.difficulty,
      nonce: new Uint8Array(8),
      baseFeePerGas: header.baseFeePerGas,
      excessBlobGas: header.excessBlobGas,
      blobGasUsed: cancun ? 0n : undefined,
      parentBeaconBlockRoot: beaconRoot,
      withdrawalsRoot: withdrawals ? (withdrawals.length ? await genWithdrawalsTrieRoot(withdrawals) : KECCAK256_RLP) : undefined,
    },
    { common: sealed, skipConsensusFormatValidation: true },
  )
  const block = new Block(blockHeader, txs, [], withdrawals, { common: sealed })
  return { block, transactions, calls }
}

function toWithdrawal(withdrawal: SimulatedWithdrawal) {
  return createWithdrawal({
    index: withdrawal.index,
    validatorIndex: withdrawal.validatorIndex,
    address: new Address(withdrawal.address),
    amount: withdrawal.amount,
  })
}
