import type { Block, BlockHeader } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import type { MerkleStateManager } from '@ethereumjs/statemanager'
import { runTx } from '@ethereumjs/vm'
import type { RunTxResult } from '@ethereumjs/vm'
import type { SettledReads } from '../patches/cachedStateManager.ts'
import { withSenderCodeUnseen } from '../patches/impersonatedSenderCode.ts'
import { trieDatabaseOf } from '../patches/trieDatabase.ts'
import type { ForkStateLink } from '../state/forkState.ts'
import { traced } from '../tracing/tracer.ts'
import type { TransactionTracer } from '../tracing/tracer.ts'
import { CallVms } from './callVms.ts'
import { isBypassSigned } from './impersonation.ts'
import { isolatedState, isolatedVm } from './isolatedVm.ts'
import type { AncestorHashLookup, IsolationBase } from './isolatedVm.ts'
import { callHeaderOf, runMessageCall } from './messageCall.ts'
import type { CallRequest, CallResult } from './messageCall.ts'
import { applyStateOverrides, withBlockOverrides } from './overrides.ts'
import type { AccountOverride, BlockOverrides } from './overrides.ts'
import type { SignatureOverrides } from './signatureOverrides.ts'
import { simulateBlocks } from './simulateBlocks.ts'
import type { SimulatedBlock, SimulatedBlockRequest, SimulationOptions } from './simulateBlocks.ts'
import { accumulateParentBeaconBlockRoot, accumulateParentBlockHash } from './systemCalls.ts'

/**
 * State kept outside the chain's database (the pending block's): valid while held, nothing
 * left behind when dropped. Opaque outside evm/.
 */
export class DetachedState {
  constructor(readonly stateManager: MerkleStateManager) {}
}

/** What isolated runs read of the chain's engine; none of it is written here. */
export interface IsolatedExecutionBase {
  /** The chain's Common (its chain id and fork schedule). */
  common: Common
  followsForks: boolean
  /** The rules of a block at this number and time, one Common per fork (the engine's). */
  rulesAt: (number: bigint, timestamp: bigint) => Common
  /** The engine's state manager: its trie database is what isolated states start from. */
  stateManager: MerkleStateManager
  fork: ForkStateLink | undefined
  signatures: SignatureOverrides
  /** The engine's caches, read where they hold the state a plain call runs on. */
  settledReads: SettledReads
}

/**
 * Runs on the chain's states that keep nothing (calls, simulated blocks, history executed again): each
 * on a reused call VM inside a reverted checkpoint, or on a state and VM of its own over an overlay of the
 * chain's trie database (see "Isolated execution" in ARCHITECTURE.md). The engine's own VM, the one writer
 * of the chain's state, is never touched.
 */
export class IsolatedExecution {
  /** VMs kept for calls. */
  private readonly callVms: CallVms

  constructor(private readonly base: IsolatedExecutionBase) {
    this.callVms = new CallVms(base.settledReads)
  }

  /**
   * Runs `request` as a transaction in `context` (a block whose state root is the state to run
   * on, unless `stateRoot` says otherwise) without keeping anything: the call runs on an isolated
   * copy of the state, with `stateOverrides` applied to it and `blockOverrides` to the block's
   * header first, as geth's eth_call does; `tracer` watches it.
   */
  async simulate(
    context: BlockHeader,
    request: CallRequest,
    ancestorHash: AncestorHashLookup,
    options: {
      reportAccessList?: boolean
      stateRoot?: Uint8Array
      detached?: DetachedState
      stateOverrides?: readonly AccountOverride[]
      blockOverrides?: BlockOverrides
      tracer?: TransactionTracer
      captureConsole?: boolean
    } = {},
  ): Promise<CallResult> {
    const header = withBlockOverrides(callHeaderOf(context), options.blockOverrides)
    const base = this.isolation(ancestorHash, options.detached)
    const stateRoot = options.stateRoot ?? context.stateRoot
    // The common case (no state overrides, no tracer) runs on a reused VM; the others on one made for them.
    if (!options.stateOverrides && !options.tracer) {
      const rules = this.base.rulesAt(header.number, header.timestamp)
      return this.callVms.run(base, stateRoot, rules, async (vm) => {
        const { result } = await runMessageCall(vm, header, request, { reportAccessList: options.reportAccessList, captureConsole: options.captureConsole })
        return result
      })
    }
    const state = await isolatedState(base, stateRoot)
    const common = this.commonAt(header.number, header.timestamp)
    const precompiles = options.stateOverrides ? await applyStateOverrides(state, options.stateOverrides, common) : []
    const vm = await isolatedVm(base, state, common, precompiles)
    const { result } = await runMessageCall(vm, header, request, {
      reportAccessList: options.reportAccessList,
      tracer: options.tracer,
      captureConsole: options.captureConsole,
    })
    return result
  }

  /**
   * Re-executes the transactions of the sealed `block` on `preStateRoot` (the state it was built
   * on), up to and including index `through`, on an isolated copy of that state; each
   * transaction `tracerAt` gives a tracer for is traced. Returns what the tracers found, by index.
   */
  async replayBlock<R>(
    block: Block,
    preStateRoot: Uint8Array,
    ancestorHash: AncestorHashLookup,
    through: number,
    tracerAt: (index: number) => TransactionTracer<R> | undefined,
    detached?: DetachedState,
  ): Promise<Map<number, R>> {
    const { header } = block
    const base = this.isolation(ancestorHash, detached)
    const state = await isolatedState(base, preStateRoot)
    const common = this.commonAt(header.number, header.timestamp)
    const vm = await isolatedVm(base, state, common)
    if (common.isActivatedEIP(4788)) {
      await accumulateParentBeaconBlockRoot(vm, header.parentBeaconBlockRoot ?? new Uint8Array(32), header.timestamp)
    }
    if (common.isActivatedEIP(2935)) await accumulateParentBlockHash(vm, header.number, header.parentHash)
    const traces = new Map<number, R>()
    let gasUsed = 0n
    for (const [index, tx] of block.transactions.entries()) {
      if (index > through) break
      const tracer = tracerAt(index)
      const runOnce = (): Promise<RunTxResult> => runTx(vm, { tx, block, blockGasUsed: gasUsed, skipHardForkValidation: true })
      // As when it was built: an impersonated sender may be a contract.
      const execute = isBypassSigned(tx) ? () => withSenderCodeUnseen(vm, tx.getSenderAddress(), runOnce) : runOnce
      const run = tracer ? await traced(vm, tracer, { tx, sender: tx.getSenderAddress(), coinbase: header.coinbase.bytes }, execute) : await execute()
      gasUsed += run.blockGasSpent
      if (tracer) traces.set(index, tracer.output())
    }
    return traces
  }

  /**
   * eth_simulateV1: `blocks` simulated on top of `base` (its state, or `stateRoot`), on an
   * isolated copy of the state; nothing reaches the chain.
   */
  async simulateBlocks(
    base: BlockHeader,
    blocks: readonly SimulatedBlockRequest[],
    options: SimulationOptions & { stateRoot?: Uint8Array; detached?: DetachedState },
    ancestorHash: AncestorHashLookup,
  ): Promise<SimulatedBlock[]> {
    const isolation = this.isolation(ancestorHash, options.detached)
    return simulateBlocks(
      {
        header: base,
        state: await isolatedState(isolation, options.stateRoot ?? base.stateRoot),
        commonAt: (number, timestamp) => this.commonAt(number, timestamp),
        vm: (state, common, lookup, precompiles) => isolatedVm({ ...isolation, ancestorHash: lookup }, state, common, precompiles),
        ancestorHash,
      },
      blocks,
      options,
    )
  }

  /** What isolated states and VMs are made from: the trie database holding the state (the pending block's own, when detached). */
  private isolation(ancestorHash: AncestorHashLookup, detached?: DetachedState): IsolationBase {
    const db = trieDatabaseOf(detached?.stateManager ?? this.base.stateManager)
    return { db: db as IsolationBase['db'], common: this.base.common, ancestorHash, fork: this.base.fork, signatures: this.base.signatures }
  }

  /** A copy of the chain's Common with the rules of a block of this number and time. */
  private commonAt(number: bigint, timestamp: bigint): Common {
    const common = this.base.common.copy()
    if (this.base.followsForks) common.setHardforkBy({ blockNumber: number, timestamp })
    return common
  }
}
