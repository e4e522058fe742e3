import type { Common } from '@ethereumjs/common'
import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { Caches } from '@ethereumjs/statemanager'
import type { MerkleStateManager } from '@ethereumjs/statemanager'
import { equalsBytes, ValueEncoding } from '@ethereumjs/util'
import { createVM } from '@ethereumjs/vm'
import type { VM } from '@ethereumjs/vm'
import { ForkStateManager } from '../patches/forkStateManager.ts'
import { blockchainFor } from './isolatedVm.ts'
import type { AncestorHashLookup, IsolationBase } from './isolatedVm.ts'
import { OverlayDB } from '../state/overlayDb.ts'
import { withJumpAnalysisCache } from '../patches/jumpAnalysisCache.ts'
import { MemoizedStateManager } from '../patches/cachedStateManager.ts'
import type { SettledReads } from '../patches/cachedStateManager.ts'

/** Idle VMs kept per trie database and rules: as many as calls ran at once, at most this many. */
const IDLE_KEPT = 4

/** One reusable VM for calls, over a state manager of its own. */
interface CallVm {
  vm: VM
  state: MerkleStateManager
  /** The state root it stands on. */
  root: Uint8Array
  /** BLOCKHASH of the call it runs now. */
  ancestorHash: AncestorHashLookup
}

/**
 * VMs for calls that keep nothing (eth_call, eth_estimateGas's runs, eth_createAccessList), made once and
 * reused: a VM, its EVM, its opcode table and its Common cost far more to make than a simple call costs to
 * run. A call takes an idle VM of its database and rules (one standing on its state root if there is one),
 * runs inside a checkpoint of the VM's state manager, and the checkpoint is reverted: the call leaves nothing
 * behind. Calls running at the same time each take a VM of their own, so none sees another's writes. Reads go
 * through the process's state read memo, so the head's accounts and slots are walked out of the trie once.
 */
export class CallVms {
  /** `settled`: the chain's own caches, read where they hold the state a call runs on. */
  constructor(private readonly settled?: SettledReads) {}

  /** Idle VMs by trie database (the chain's, or a pending block's), then by hardfork. */
  readonly #idle = new WeakMap<object, Map<string, CallVm[]>>()

  /** Runs `work` on a VM at `stateRoot` under `rules`; whatever it writes is reverted. */
  async run<T>(base: IsolationBase, stateRoot: Uint8Array, rules: Common, work: (vm: VM) => Promise<T>): Promise<T> {
    let byRules = this.#idle.get(base.db)
    if (!byRules) this.#idle.set(base.db, (byRules = new Map()))
    const hardfork = rules.hardfork()
    let idle = byRules.get(hardfork)
    if (!idle) byRules.set(hardfork, (idle = []))
    const at = idle.findIndex((candidate) => equalsBytes(candidate.root, stateRoot))
    const callVm = at >= 0 ? idle.splice(at, 1)[0]! : (idle.pop() ?? (await this.create(base, rules)))
    let reusable = false
    try {
      if (!equalsBytes(callVm.root, stateRoot)) {
        await callVm.state.setStateRoot(stateRoot)
        callVm.root = stateRoot
      }
      callVm.ancestorHash = base.ancestorHash
      await callVm.state.checkpoint()
      try {
        return await work(callVm.vm)
      } finally {
        await callVm.state.revert()
        reusable = true
      }
    } finally {
      callVm.ancestorHash = NO_ANCESTORS
      // A VM whose state could not be moved or reverted is dropped, never reused.
      if (reusable && idle.length < IDLE_KEPT) idle.push(callVm)
    }
  }

  private async create(base: IsolationBase, rules: Common): Promise<CallVm> {
    // A Common of its own: a VM's EVM listens to its Common's events for good.
    const common = rules.copy()
    const trie = new MerklePatriciaTrie({ useKeyHashing: true, common, db: new OverlayDB(base.db), valueEncoding: ValueEncoding.Bytes })
    // A fork's state manager reads what the fork never wrote from its upstream (cached there) and takes no caches.
    const state = base.fork ? new ForkStateManager({ common, trie }, base.fork) : new MemoizedStateManager({ common, trie, caches: new Caches() }, this.settled)
    const callVm: CallVm = { vm: undefined as unknown as VM, state, root: trie.EMPTY_TRIE_ROOT, ancestorHash: NO_ANCESTORS }
    callVm.vm = await withJumpAnalysisCache(
      await createVM({
        common,
        stateManager: state,
        blockchain: blockchainFor((number) => callVm.ancestorHash(number), base.fork),
        evmOpts: { customPrecompiles: base.signatures.precompiles(common) },
      }),
    )
    return callVm
  }
}

const NO_ANCESTORS: AncestorHashLookup = () => undefined
