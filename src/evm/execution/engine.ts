import { createBlock } from '@ethereumjs/block'
import type { Block, BlockHeader } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { Caches, type MerkleStateManager, getMerkleStateProof } from '@ethereumjs/statemanager'
import { Address, bytesToHex, createAccount, equalsBytes, hexToBytes, KECCAK256_RLP, ValueEncoding } from '@ethereumjs/util'
import { Hardfork } from '@ethereumjs/common'
import { createVM, runBlock, runTx } from '@ethereumjs/vm'
import type { VMOpts } from '@ethereumjs/vm'
import type { RunBlockResult, RunTxResult, VM } from '@ethereumjs/vm'
import { buildBlock } from './blockBuilder.ts'
import { CachedStateManager } from '../patches/cachedStateManager.ts'
import type { SettledReads } from '../patches/cachedStateManager.ts'
import { CallVms } from './callVms.ts'
import { changeChainId } from '../patches/chainIdChange.ts'
import { SignatureOverrides } from './signatureOverrides.ts'
import { installFastBloom } from '../patches/fastBloom.ts'
import { trieDatabaseOf } from '../patches/trieDatabase.ts'
import { ForkStateManager } from '../patches/forkStateManager.ts'
import { ForkStateLink, ProofNotLocal } from '../state/forkState.ts'
import { isBypassSigned, withImpersonatedSenders } from './impersonation.ts'
import { withSenderCodeUnseen } from '../patches/impersonatedSenderCode.ts'
import type { ForkedStateSource } from '../state/forkState.ts'
import { fromByteString, toByteString } from '../encoding/byteString.ts'
import { keccak256 } from '../crypto/crypto.ts'
import { hexKey } from '../encoding/hexKey.ts'
import { OverlayDB } from '../state/overlayDb.ts'
import { withJumpAnalysisCache } from '../patches/jumpAnalysisCache.ts'
import { RecentCache } from '../encoding/recentCache.ts'
import { StateReader } from '../state/stateReader.ts'
import type { StateView } from '../state/stateReader.ts'
import { StateStore } from '../state/stateStore.ts'
import type { BlockTemplate, BuildOptions, BuiltBlock } from './blockBuilder.ts'
import { BlockImportError, describeBlockFailure, executedTransactionsOf } from './importBlocks.ts'
import { blockchainFor, isolatedState, isolatedVm, stateManagerOver } from './isolatedVm.ts'
import type { AncestorHashLookup, IsolationBase } from './isolatedVm.ts'
import { callHeaderOf, runMessageCall } from './messageCall.ts'
import type { CallRequest, CallResult } from './messageCall.ts'
import { applyStateOverrides, withBlockOverrides, writeAccount } from './overrides.ts'
import type { AccountOverride, BlockOverrides } from './overrides.ts'
import { simulateBlocks } from './simulateBlocks.ts'
import type { SimulatedBlock, SimulatedBlockRequest, SimulationOptions } from './simulateBlocks.ts'
import { accumulateParentBeaconBlockRoot, accumulateParentBlockHash } from './systemCalls.ts'
import { traced } from '../tracing/tracer.ts'
import type { TransactionTracer } from '../tracing/tracer.ts'
import type { SignedTransaction } from '../encoding/transactions.ts'
import type { ExecutedTransaction } from '../types.ts'

export type { Block }

/** An account in a genesis allocation. */
export interface GenesisAccount {
  balance: bigint
  nonce?: bigint
  code?: Uint8Array
  storage?: ReadonlyArray<readonly [key: Uint8Array, value: Uint8Array]>
}

export interface GenesisSpec {
  alloc: ReadonlyMap<string, GenesisAccount>
  timestamp: bigint
  gasLimit: bigint
  baseFeePerGas: bigint
  extraData?: Uint8Array
  coinbase?: Uint8Array
  /** Header fields a geth genesis may set; a dev genesis leaves them zero. */
  difficulty?: bigint
  nonce?: Uint8Array
  mixHash?: Uint8Array
  excessBlobGas?: bigint
  blobGasUsed?: bigint
  /** The `config` of the geth genesis file this chain came from, written back unchanged on export. */
  gethConfig?: Readonly<Record<string, unknown>>
}

export interface ExecutionEngineOptions {
  /**
   * The Common carries a fork schedule (a geth genesis): each block is built or executed under
   * the fork its number and timestamp select. Without it the Common's one hardfork applies to
   * every block (dev networks).
   */
  followForks?: boolean
  /** The chain forks another at a block: state it has not written is read through this source. */
  forkedState?: ForkedStateSource
  /**
   * The chain id to start at, when the Common may carry another: a chain built again (anvil_reset) from the
   * Common an earlier one changed with anvil_setChainId (the VMs give their Common the params they read, so the
   * engine runs on the Common it is given, not a copy).
   */
  chainId?: bigint
}

export type { AncestorHashLookup } from './isolatedVm.ts'

/** A direct change to an account (the Anvil/Hardhat state-setting methods). */
export interface AccountChange {
  address: Uint8Array
  balance?: bigint
  nonce?: bigint
  code?: Uint8Array
  storage?: ReadonlyArray<readonly [slot: Uint8Array, value: Uint8Array]>
}

/** An EIP-1186 account proof, in domain types. */
export interface AccountProof {
  balance: bigint
  nonce: bigint
  codeHash: Uint8Array
  storageHash: Uint8Array
  accountProof: Uint8Array[]
  storageProof: Array<{ key: Uint8Array; value: bigint; proof: Uint8Array[] }>
}

/**
 * State kept outside the chain's database (the pending block's): valid while held, nothing
 * left behind when dropped. Opaque outside evm/.
 */
export class DetachedState {
  constructor(readonly stateManager: MerkleStateManager) {}
}

export type { StateView }

/** Readers kept for the most recently read states (the head's, mostly). */
const READERS_KEPT = 8

/**
 * The EVM side of a chain: one VM over a trie database that keeps the states its holders hold
 * (StateStore): every state a block, a snapshot or state set on the head was sealed or retained
 * for, until released. Blocks can be built on any kept state, and any kept state read.
 */
export class ExecutionEngine {
  private ancestorHash: AncestorHashLookup = () => undefined
  /** The state root the main VM currently stands on. */
  private currentRoot: Uint8Array = KECCAK256_RLP
  /**
   * The state the main state manager's caches hold whole, with no block being built or executed on them: what
   * calls and state reads at that root may read from the caches (`settledReads`). Unset from the start of every
   * build until it is sealed.
   */
  private settledRoot: Uint8Array | undefined
  private genesis: GenesisSpec | undefined
  private readonly rulesByFork = new Map<string, Common>()
  /** A reader per recently read root: a state never changes, so what one has read stays true. */
  private readonly readers = new RecentCache<string, StateReader>(READERS_KEPT)
  /** Reads of the settled state from the main state manager's caches. */
  private readonly settledReads: SettledReads = {
    account: (root, address) => (this.isSettledAt(root) ? (this.stateManager as CachedStateManager).cachedAccount(address) : undefined),
    storage: (root, address, key) => (this.isSettledAt(root) ? (this.stateManager as CachedStateManager).cachedStorage(address, key) : undefined),
  }
  /** VMs kept for calls. */
  private readonly callVms = new CallVms(this.settledReads)

  private constructor(
    readonly common: Common,
    /** The chain id the engine started at, before any anvil_setChainId. */
    readonly genesisChainId: bigint,
    private readonly vm: VM,
    private readonly stateManager: MerkleStateManager,
    private readonly store: StateStore,
    readonly followsForks: boolean,
    /** What the EVM asks for BLOCKHASH; shared by the VMs of detached builds. */
    private readonly blockchain: VMOpts['blockchain'],
    private readonly fork: ForkStateLink | undefined,
    private readonly signatures: SignatureOverrides,
  ) {}

  static async create(common: Common, options: ExecutionEngineOptions = {}): Promise<ExecutionEngine> {
    if (options.chainId !== undefined) changeChainId(common, options.chainId)
    // runTx computes every transaction's bloom; chainsim's blooms read the keccak memo (patches/fastBloom.ts).
    installFastBloom()
    const fork = options.forkedState && new ForkStateLink(options.forkedState)
    const store = new StateStore()
    // Caches hold a block's writes until its end: the trie is written once per block (one root, no
    // intermediate nodes), and reads of what a block touches skip the trie.
    const stateManager = stateManagerOver(stateTrie(common, store), common, fork, new Caches())
    let engine: ExecutionEngine | undefined
    // BLOCKHASH asks the blockchain by number; the chain answers along the branch being built, and a
    // forked chain's upstream for the blocks up to the fork block.
    const blockchain = blockchainFor((number) => engine?.ancestorHash(number), fork)
    const signatures = new SignatureOverrides()
    const vm = await withJumpAnalysisCache(await createVM({ common, stateManager, blockchain, evmOpts: { customPrecompiles: signatures.precompiles(common) } }))
    engine = new ExecutionEngine(common, common.chainId(), vm, stateManager, store, options.followForks ?? false, blockchain, fork, signatures)
    return engine
  }

  /**
   * A forked chain's base state: the upstream's state at the fork block with `changes` written over it
   * (the funded dev accounts). From now on the fork block's own state root stands for it. Returns its root.
   */
  async createForkBase(forkBlockStateRoot: Uint8Array, changes: readonly AccountChange[]): Promise<Uint8Array> {
    if (!this.fork) throw new Error('createForkBase needs an engine created with forkedState')
    const root = await this.withAccountChanges(KECCAK256_RLP, changes)
    this.fork.alias(forkBlockStateRoot, root)
    return root
  }

  /** Whether the state at `stateRoot` is kept (a released state is gone). */
  hasState(stateRoot: Uint8Array): boolean {
    return this.store.hasState(this.localRootOf(stateRoot))
  }

  /** One more holder of a kept state: it stays until each holder has released it. */
  retainState(stateRoot: Uint8Array): void {
    this.store.retain(this.localRootOf(stateRoot))
  }

  /**
   * A holder lets go of a state: every trie node no kept state reaches any more is freed. Each
   * state the engine makes (genesis, a block, changes on the head) comes with one holder, its
   * maker, who releases it.
   */
  releaseState(stateRoot: Uint8Array): void {
    this.store.release(this.localRootOf(stateRoot))
  }

  /** Trie nodes and code entries kept, for all kept states together. */
  get storedNodes(): number {
    return this.store.size
  }

  /**
   * Tells `listener` of every trie node and code entry the chain's database keeps from now on, as it is kept,
   * keyed as {@link keptStates} keys them (a state file's journal); undefined stops it.
   */
  onStateKept(listener: ((key: Uint8Array, value: Uint8Array) => void) | undefined): void {
    this.store.onKept = listener && ((key, value) => listener(Buffer.from(key, 'hex'), fromByteString(value)))
  }

  /** Every trie node and code entry kept, for all kept states: the key (a node's hash, or 'c' and a code hash) and value. */
  keptStates(): Array<[key: Uint8Array, value: Uint8Array]> {
    return this.store.entries().map(([key, value]) => [Buffer.from(key, 'hex'), fromByteString(value)])
  }

  /**
   * Makes the states `roots` kept again from `entries` (nodes a state file saved), one holder for each root given,
   * which its holders take over, as from a seal. Returns the roots some node of whose state is missing.
   */
  restoreStates(entries: Iterable<readonly [key: Uint8Array, value: Uint8Array]>, roots: readonly Uint8Array[]): Uint8Array[] {
    const strings = (function* () {
      for (const [key, value] of entries) yield [hexKey(key, false), toByteString(value)] as const
    })()
    return this.store.restore(
      strings,
      roots.map((root) => this.localRootOf(root)),
    )
  }

  /** Whether each entry is what its key says: a node's or code's keccak256 (a doubted state file's check). */
  static isStateEntryIntact(key: Uint8Array, value: Uint8Array): boolean {
    const hash = key.length === 33 && key[0] === 0x63 ? key.subarray(1) : key
    return hash.length === 32 && equalsBytes(keccak256(value), hash)
  }

  /** The root the store keeps a state under: a fork block's upstream root stands for the fork's base state. */
  private localRootOf(stateRoot: Uint8Array): Uint8Array {
    return this.fork ? this.fork.localRootOf(stateRoot) : stateRoot
  }

  /** The genesis this engine's state starts from (what an export writes as genesis.json). */
  get genesisSpec(): GenesisSpec | undefined {
    return this.genesis
  }

  /** Writes the genesis allocation and returns the genesis block. */
  async createGenesis(spec: GenesisSpec): Promise<Block> {
    this.settledRoot = undefined
    this.genesis = spec
    if (this.followsForks) this.common.setHardforkBy({ blockNumber: 0n, timestamp: spec.timestamp })
    for (const [address, account] of spec.alloc) {
      const addr = new Address(hexAddress(address))
      await this.stateManager.putAccount(addr, createAccount({ balance: account.balance, nonce: account.nonce ?? 0n }))
      if (account.code) await this.stateManager.putCode(addr, account.code)
      for (const [key, value] of account.storage ?? []) await this.stateManager.putStorage(addr, key, value)
    }
    const stateRoot = await this.stateManager.getStateRoot()
    this.store.seal(stateRoot)
    this.currentRoot = stateRoot
    this.settledRoot = stateRoot
    const common = this.common
    return createBlock(
      {
        header: {
          number: 0n,
          stateRoot,
          timestamp: spec.timestamp,
          gasLimit: spec.gasLimit,
          baseFeePerGas: common.isActivatedEIP(1559) ? spec.baseFeePerGas : undefined,
          extraData: spec.extraData ?? new Uint8Array(),
          coinbase: spec.coinbase,
          difficulty: spec.difficulty ?? 0n,
          nonce: spec.nonce ?? new Uint8Array(8),
          mixHash: spec.mixHash,
          excessBlobGas: common.isActivatedEIP(4844) ? (spec.excessBlobGas ?? 0n) : undefined,
          blobGasUsed: common.isActivatedEIP(4844) ? (spec.blobGasUsed ?? 0n) : undefined,
          parentBeaconBlockRoot: common.isActivatedEIP(4788) ? new Uint8Array(32) : undefined,
          withdrawalsRoot: common.isActivatedEIP(4895) ? KECCAK256_RLP : undefined,
          requestsHash: common.isActivatedEIP(7685) ? EMPTY_REQUESTS_HASH : undefined,
        },
        withdrawals: common.isActivatedEIP(4895) ? [] : undefined,
      },
      { common },
    )
  }

  /** Builds and seals a block on `template.parent`, keeping its state in the chain's database. */
  async build(
    template: BlockTemplate,
    transactions: readonly SignedTransaction[],
    ancestorHash: AncestorHashLookup,
    options: BuildOptions = {},
  ): Promise<BuiltBlock> {
    this.selectFork(template)
    this.settledRoot = undefined
    await this.moveTo(template.parentStateRoot ?? template.parent.header.stateRoot)
    this.ancestorHash = ancestorHash
    try {
      const built = await buildBlock(this.vm, template, transactions, options)
      this.store.seal(built.block.header.stateRoot)
      this.currentRoot = built.block.header.stateRoot
      this.settledRoot = this.currentRoot
      return built
    } catch (error) {
      // A failed build leaves the VM on unknown state: stand on the parent again next time.
      this.currentRoot = KECCAK256_RLP
      throw error
    } finally {
      this.ancestorHash = () => undefined
    }
  }

  /**
   * Builds a block whose state is kept apart from the chain's (the pending block): its trie
   * nodes live in an overlay over the chain's database, readable through the returned state
   * for as long as the caller keeps it, and gone with it.
   */
  async buildDetached(
    template: BlockTemplate,
    transactions: readonly SignedTransaction[],
    ancestorHash: AncestorHashLookup,
  ): Promise<{ built: BuiltBlock; state: DetachedState }> {
    this.selectFork(template)
    const trie = new MerklePatriciaTrie({
      useKeyHashing: true,
      common: this.common,
      db: new OverlayDB(this.store as never),
      valueEncoding: ValueEncoding.Bytes,
    })
    const stateManager = stateManagerOver(trie, this.common, this.fork, new Caches())
    await stateManager.setStateRoot(template.parentStateRoot ?? template.parent.header.stateRoot)
    // A Common of its own: a VM's EVM listens to its Common for good, and the chain's would keep every pending VM.
    const common = this.common.copy()
    const vm = await withJumpAnalysisCache(
      await createVM({ common, stateManager, blockchain: this.blockchain, evmOpts: { customPrecompiles: this.signatures.precompiles(common) } }),
    )
    this.ancestorHash = ancestorHash
    try {
      const built = await buildBlock(vm, template, transactions)
      return { built, state: new DetachedState(stateManager) }
    } finally {
      this.ancestorHash = () => undefined
    }
  }

  /**
   * anvil_setChainId: blocks, calls, signing and admission run under `chainId` from now on. Transactions
   * already made keep the id they were signed for (their Common is pinned, patches/sharedCommon.ts).
   */
  setChainId(chainId: bigint): void {
    changeChainId(this.common, chainId)
  }

  /** anvil_impersonateSignature: ecrecover of `signature` (r ‖ s ‖ v) answers `address` in every block and call from now on. */
  impersonateSignature(signature: Uint8Array, address: Uint8Array): void {
    this.signatures.set(signature, address)
  }

  /**
   * The rules of a block at this number and time: under a fork schedule (a geth genesis) its
   * fork's, else the one fork's. One Common per fork, made once.
   */
  rulesAt(number: bigint, timestamp: bigint): Common {
    if (!this.followsForks) return this.common
    const fork = this.common.getHardforkBy({ blockNumber: number, timestamp })
    let rules = this.rulesByFork.get(fork)
    if (!rules) {
      rules = this.common.copy()
      rules.setHardfork(fork)
      this.rulesByFork.set(fork, rules)
    }
    return rules
  }

  /** Under a fork schedule (a geth genesis), the rules of the fork the new block falls in. */
  private selectFork(template: BlockTemplate): void {
    if (!this.followsForks) return
    this.common.setHardforkBy({ blockNumber: template.parent.header.number + 1n, timestamp: template.timestamp })
    // The builder seals proof-of-stake blocks only (no difficulty, no block reward).
    if (!this.common.gteHardfork(Hardfork.Paris)) {
      throw new Error(
        `block ${template.parent.header.number + 1n} would be before the merge (${this.common.hardfork()}): chainsim mines proof-of-stake blocks only`,
      )
    }
  }

  /**
   * Executes a sealed block from elsewhere (an imported chain) on `parentStateRoot` under the
   * fork its number and timestamp select; runBlock checks what its header claims (gas used,
   * logs bloom, receipts root, state root, requests hash) and its body (transactions root,
   * signatures). Proof-of-work seals and the header rules against the parent are not checked.
   * `impersonated` gives the senders of transactions sent unsigned as impersonated accounts (a saved chain
   * of this node's), by index: their bypass signatures are taken, every other check still made.
   * Throws BlockImportError naming what differs.
   */
  async executeBlock(
    block: Block,
    parentStateRoot: Uint8Array,
    ancestorHash: AncestorHashLookup,
    impersonated: ReadonlyMap<number, Uint8Array> = new Map(),
  ): Promise<ExecutedTransaction[]> {
    this.settledRoot = undefined
    await this.moveTo(parentStateRoot)
    this.ancestorHash = ancestorHash
    const unsigned = impersonated.size > 0
    let result: RunBlockResult
    try {
      if (unsigned) {
        withImpersonatedSenders(block, impersonated)
        await validateBodyButBypassSignatures(block, impersonated)
      }
      result = await runBlock(this.vm, { block, setHardfork: true, skipHeaderValidation: true, skipBlockValidation: unsigned })
    } catch (error) {
      this.currentRoot = KECCAK256_RLP
      throw new BlockImportError(block.header.number, describeBlockFailure(block, error))
    } finally {
      this.ancestorHash = () => undefined
    }
    this.store.seal(result.stateRoot)
    this.currentRoot = result.stateRoot
    this.settledRoot = this.currentRoot
    const executed = executedTransactionsOf(block, result)
    return unsigned ? executed.map((e, index) => (impersonated.has(index) ? { ...e, signed: e.signed.with({ impersonated: true }) } : e)) : executed
  }

  /** Code by its hash, from the states this engine keeps (a fork's upstream code is the upstream's to say). */
  codeByHash(codeHash: Uint8Array): Uint8Array | undefined {
    return this.store.code(codeHash)
  }

  /** A read-only view of the state at `stateRoot`, independent of block building. */
  stateAt(stateRoot: Uint8Array, detached?: DetachedState): StateView {
    if (detached) return managerView(detachedReader(detached, stateRoot))
    // A fork's state reads what it has not written from its upstream, which its state manager knows how to do.
    if (this.fork) return managerView(this.forkReader(stateRoot))
    return this.readerAt(stateRoot)
  }

  private async forkReader(stateRoot: Uint8Array): Promise<MerkleStateManager> {
    const reader = stateManagerOver(stateTrie(this.common, this.store), this.common, this.fork)
    await reader.setStateRoot(stateRoot)
    return reader
  }

  private readerAt(stateRoot: Uint8Array): StateReader {
    // While the chain's VM stands on this state (the head's, mostly), its caches hold what its blocks wrote.
    return this.readers.get(
      hexKey(stateRoot, false),
      () => new StateReader(this.common, this.store, stateRoot, (address) => this.settledReads.account(stateRoot, new Address(address))),
    )
  }

  /** EIP-1186: the account's and the given slots' Merkle proofs in the state at `stateRoot`. */
  async proof(stateRoot: Uint8Array, address: Uint8Array, slots: Uint8Array[], detached?: DetachedState): Promise<AccountProof> {
    const state = (detached?.stateManager ?? this.stateManager).shallowCopy(false)
    await state.setStateRoot(stateRoot)
    if (state instanceof ForkStateManager && !(await state.isLocal(new Address(address), slots))) {
      throw new ProofNotLocal(`${bytesToHex(address)} has no proof here: the fork has not written it (or one of the slots) since the fork block`)
    }
    const proof = await getMerkleStateProof(state, new Address(address), slots)
    const bytes = (hex: string) => hexToBytes(hex as `0x${string}`)
    return {
      balance: BigInt(proof.balance),
      nonce: BigInt(proof.nonce),
      codeHash: bytes(proof.codeHash),
      storageHash: bytes(proof.storageHash),
      accountProof: proof.accountProof.map(bytes),
      storageProof: proof.storageProof.map((entry, i) => ({
        key: slots[i] as Uint8Array,
        value: BigInt(entry.value),
        proof: entry.proof.map(bytes),
      })),
    }
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
      const rules = this.rulesAt(header.number, header.timestamp)
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
    const db = trieDatabaseOf(detached?.stateManager ?? this.stateManager)
    return { db: db as IsolationBase['db'], common: this.common, ancestorHash, fork: this.fork, signatures: this.signatures }
  }

  /** A copy of the chain's Common with the rules of a block of this number and time. */
  private commonAt(number: bigint, timestamp: bigint): Common {
    const common = this.common.copy()
    if (this.followsForks) common.setHardforkBy({ blockNumber: number, timestamp })
    return common
  }

  /**
   * The state root after applying `changes` to the state at `stateRoot` (anvil_setBalance and
   * friends). The main VM is untouched; the new state's trie nodes join the shared database.
   */
  async withAccountChanges(stateRoot: Uint8Array, changes: readonly AccountChange[]): Promise<Uint8Array> {
    const state = this.stateManager.shallowCopy(false)
    await state.setStateRoot(stateRoot)
    for (const { storage, ...change } of changes) await writeAccount(state, { ...change, stateDiff: storage })
    const root = await state.getStateRoot()
    this.store.seal(root)
    return root
  }

  /** Whether the main state manager's caches hold the state `root` whole, nothing being built on it. */
  private isSettledAt(root: Uint8Array): boolean {
    return this.settledRoot !== undefined && this.stateManager instanceof CachedStateManager && equalsBytes(this.settledRoot, root)
  }

  private async moveTo(stateRoot: Uint8Array): Promise<void> {
    if (equalsBytes(this.currentRoot, stateRoot)) return
    await this.stateManager.setStateRoot(stateRoot)
    this.currentRoot = stateRoot
  }
}

/**
 * What runBlock's own validation checks of a block's body, but the signatures of the transactions sent as
 * impersonated accounts (which it would refuse as unsigned): the others' validity, the transactions, uncles
 * and withdrawals roots.
 */
async function validateBodyButBypassSignatures(block: Block, impersonated: ReadonlyMap<number, Uint8Array>): Promise<void> {
  for (const [index, tx] of block.transactions.entries()) {
    if (impersonated.has(index)) continue
    const errors = tx.isSigned() ? tx.getValidationErrors() : ['it is unsigned']
    if (errors.length > 0) throw new Error(`invalid transactions: transaction at index ${index}: ${errors.join(' ')}`)
  }
  await block.validateData(false, false)
}

/** An empty state trie over the chain's store. */
function stateTrie(common: Common, store: StateStore): MerklePatriciaTrie {
  return new MerklePatriciaTrie({ useKeyHashing: true, common, db: store, valueEncoding: ValueEncoding.Bytes })
}

/** Reads of the state a state manager stands on. */
function managerView(state: Promise<MerkleStateManager>): StateView {
  return {
    getBalance: async (address) => (await (await state).getAccount(new Address(address)))?.balance ?? 0n,
    getNonce: async (address) => (await (await state).getAccount(new Address(address)))?.nonce ?? 0n,
    getCode: async (address) => (await state).getCode(new Address(address)),
    getStorage: async (address, slot) => (await state).getStorage(new Address(address), slot),
  }
}

async function detachedReader(detached: DetachedState, stateRoot: Uint8Array): Promise<MerkleStateManager> {
  const state = detached.stateManager.shallowCopy(false)
  await state.setStateRoot(stateRoot)
  return state
}

// sha256 of nothing: the requests hash of a block with no EIP-7685 requests.
const EMPTY_REQUESTS_HASH = hexToBytes('0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')

function hexAddress(address: string): Uint8Array {
  return hexToBytes((address.startsWith('0x') ? address : `0x${address}`) as `0x${string}`)
}
