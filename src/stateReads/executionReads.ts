import type { Chain } from '../chain/chain.ts'
import { StateUnavailable } from '../chain/errors.ts'
import type { HeadStateOverride } from '../chain/headStateOverride.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { NetworkConsole } from '../console/networkConsole.ts'
import { createTracer, estimateGas, TracedCallRefused } from '../evm/index.ts'
import type {
  AccountOverride,
  AccountProof,
  BlockOverrides,
  CallRequest,
  CallResult,
  SimulatedBlock,
  SimulatedBlockRequest,
  SimulationOptions,
  StateView,
  TraceResult,
  TracerSpec,
  TransactionTracer,
} from '../evm/index.ts'
import type { PendingBlock } from '../txpool/pendingBlock.ts'

/** What a call may pretend: geth's state overrides (eth_call's third parameter) and block overrides (its fourth). */
export interface CallOverrides {
  stateOverrides?: readonly AccountOverride[]
  blockOverrides?: BlockOverrides
}

/** A canonical or orphaned block, or the pending block: anything whose state can be read. */
export type StateBlock = ChainBlock | PendingBlock

/**
 * Reads over the state after a block: accounts and proofs, calls, gas estimates, simulated blocks, and blocks
 * executed again to trace them. None of them writes: each runs on the chain's engine in isolation (see
 * "Isolated execution" in ARCHITECTURE.md), so they need no place in the write queue. The state of a block older
 * than the state window is `StateUnavailable`.
 */
export class ExecutionReads {
  /** `chain` is asked each time: anvil_reset and anvil_loadState give the network another one. */
  constructor(
    private readonly chain: () => Chain,
    private readonly headState: HeadStateOverride,
    /** Told what calls print with console.log, while it captures. */
    private readonly console?: NetworkConsole,
  ) {}

  /** State after `block` (a canonical or orphaned block, or the pending block). */
  stateAt(block: StateBlock): StateView {
    this.requireState(block)
    return this.chain().engine.states.stateAt(this.stateRootOf(block), detachedStateOf(block))
  }

  /**
   * Code by its hash (debug_codeByHash), when `block`'s state can be read: the chain keeps code by hash for all the
   * states it keeps, so code another kept state holds is found too, as Anvil's database finds it.
   */
  codeByHash(block: StateBlock, codeHash: Uint8Array): Uint8Array | undefined {
    this.requireState(block)
    return this.chain().engine.states.codeByHash(codeHash)
  }

  /** The state `block` was executed on (its parent's), to execute it again. */
  stateRootBefore(block: ChainBlock): Uint8Array {
    const parent = this.chain().blockByHash(block.parentKey)
    if (!parent) throw new Error(`block ${block.number} has no parent in the chain`)
    this.requireState(parent)
    return parent.stateRoot
  }

  /** The state a block stands for: its own, or the head's with directly set changes. */
  stateRootOf(block: StateBlock): Uint8Array {
    return this.headState.stateRootOf(block, this.chain().head)
  }

  /** EIP-1186 proofs of an account and storage slots in the state after `block`. */
  proof(block: StateBlock, address: Uint8Array, slots: Uint8Array[]): Promise<AccountProof> {
    this.requireState(block)
    return this.chain().engine.states.proof(this.stateRootOf(block), address, slots, detachedStateOf(block))
  }

  /**
   * Runs a call on the state after `block`, in that block's context, with `overrides` applied to a
   * copy of the state and header (nothing reaches the chain); `tracer` watches it (debug_traceCall).
   */
  async call(
    request: CallRequest,
    block: StateBlock,
    options: CallOverrides & { reportAccessList?: boolean; tracer?: TransactionTracer; printsConsole?: boolean } = {},
  ): Promise<CallResult> {
    const result = await this.run(request, block, { ...options, captureConsole: options.printsConsole !== false && this.console?.capturing === true })
    if (result.consoleCalls) this.console?.called('eth_call', result.consoleCalls)
    return result
  }

  private run(
    request: CallRequest,
    block: StateBlock,
    options: CallOverrides & { reportAccessList?: boolean; tracer?: TransactionTracer; captureConsole?: boolean },
  ): Promise<CallResult> {
    const parent = 'hashKey' in block ? block : block.parent
    this.requireState(block)
    const chain = this.chain()
    return chain.engine.isolated.simulate(block.header, request, chain.ancestorHashes(parent), {
      ...options,
      stateRoot: this.stateRootOf(block),
      detached: detachedStateOf(block),
    })
  }

  /** Like `call`, and reports the access list the call touched (eth_createAccessList). */
  accessList(request: CallRequest, block: StateBlock): Promise<CallResult> {
    return this.call(request, block, { reportAccessList: true })
  }

  /**
   * The least gas with which `request` succeeds (geth's binary search), with `overrides` applied to
   * every run. A request that fails even with the block's whole gas limit returns that failing result instead.
   */
  estimateGas(
    request: CallRequest,
    block: StateBlock,
    overrides: CallOverrides = {},
    { printsConsole = true }: { printsConsole?: boolean } = {},
  ): Promise<{ gas: bigint } | { failure: CallResult }> {
    const gasLimit = overrides.blockOverrides?.gasLimit ?? block.header.gasLimit
    // The search runs the call a dozen times; what it prints is told once, from the first run (with the most gas).
    let captureConsole = printsConsole && this.console?.capturing === true
    return estimateGas(async (gas) => {
      const result = await this.run({ ...request, gas }, block, { ...overrides, captureConsole })
      if (result.consoleCalls) this.console?.called('eth_estimateGas', result.consoleCalls)
      captureConsole = false
      return result
    }, request.gas ?? gasLimit)
  }

  /** debug_traceCall: `request` run as `call` runs it, traced by the tracer `spec` names. */
  async traceCall(request: CallRequest, block: StateBlock, spec: TracerSpec, overrides: CallOverrides = {}): Promise<TraceResult> {
    const tracer = createTracer(spec)
    const result = await this.call(request, block, { ...overrides, tracer })
    // A call refused before it ran never reached the tracer (geth answers these with the error).
    if (result.refusal !== undefined) throw new TracedCallRefused(result.error ?? 'call refused')
    return tracer.output()
  }

  /**
   * Re-executes `block`'s transactions on the state it was built on, up to and including index
   * `through`; each one `tracerAt` names is traced. The one way chainsim re-runs history: it needs the
   * state of `block`'s parent.
   */
  async replayBlock<R>(block: StateBlock, through: number, tracerAt: (index: number) => TransactionTracer<R> | undefined): Promise<Map<number, R>> {
    const chain = this.chain()
    const parent = 'hashKey' in block ? chain.blockByHash(block.parentKey) : block.parent
    if (!parent) throw new Error(`block ${block.header.number} has no parent to re-execute it on`)
    this.requireState(parent)
    // A block mined on state set on its parent (anvil_setBalance...) ran on that state, which it carries.
    const edits = 'hashKey' in block ? block.stateEdits : undefined
    const parentRoot = this.stateRootOf(parent)
    const preStateRoot = edits ? await chain.engine.withAccountChanges(parentRoot, edits) : parentRoot
    return chain.engine.isolated.replayBlock('hashKey' in block ? block.toBlock() : block.block, preStateRoot, chain.ancestorHashes(parent), through, tracerAt)
  }

  /** debug_traceBlockBy*: every transaction of `block`, each traced by a fresh tracer of `spec`. */
  async traceBlock(block: StateBlock, spec: TracerSpec): Promise<TraceResult[]> {
    const traces = await this.replayBlock(block, block.transactions.length - 1, () => createTracer(spec))
    return block.transactions.map((_, index) => traces.get(index) as TraceResult)
  }

  /** debug_traceTransaction: the transaction at `index` of `block`, re-executed after the ones before it. */
  async traceTransaction(block: ChainBlock, index: number, spec: TracerSpec): Promise<TraceResult> {
    const traces = await this.replayBlock(block, index, (i) => (i === index ? createTracer(spec) : undefined))
    return traces.get(index) as TraceResult
  }

  /** eth_simulateV1: blocks of calls simulated on top of `block`, on a copy of its state. */
  simulate(block: StateBlock, requests: readonly SimulatedBlockRequest[], options: SimulationOptions): Promise<SimulatedBlock[]> {
    const parent = 'hashKey' in block ? block : block.parent
    this.requireState(block)
    const chain = this.chain()
    return chain.engine.isolated.simulateBlocks(
      block.header,
      requests,
      { ...options, stateRoot: this.stateRootOf(block), detached: detachedStateOf(block) },
      chain.ancestorHashes(parent),
    )
  }

  private requireState(block: StateBlock): void {
    const chain = this.chain()
    if ('hashKey' in block && !chain.hasState(block)) throw new StateUnavailable(block.number, chain.stateBlocks)
  }
}

/** The pending block's state is its own, built beside the chain's. */
function detachedStateOf(block: StateBlock) {
  return 'state' in block ? block.state : undefined
}
