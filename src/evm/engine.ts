import { createBlock } from '@ethereumjs/block'
import type { Block } from '@ethereumjs/block'
import type { Common } from '@ethereumjs/common'
import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { MerkleStateManager } from '@ethereumjs/statemanager'
import { createTx } from '@ethereumjs/tx'
import type { AccessList, TypedTxData } from '@ethereumjs/tx'
import { Address, createAccount, equalsBytes, KECCAK256_RLP } from '@ethereumjs/util'
import { createVM, runTx } from '@ethereumjs/vm'
import type { VM } from '@ethereumjs/vm'
import { buildBlock } from './blockBuilder.ts'
import type { BlockTemplate, BuiltBlock } from './blockBuilder.ts'
import type { SignedTransaction } from './transactions.ts'
import type { Log } from './types.ts'

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
}

/** Looks up the hash of an ancestor of the block being executed (BLOCKHASH). */
export type AncestorHashLookup = (number: bigint) => Uint8Array | undefined

/** A message call simulated on some state: eth_call, eth_estimateGas, eth_createAccessList. */
export interface CallRequest {
  from: Uint8Array
  to?: Uint8Array
  data?: Uint8Array
  value?: bigint
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  accessList?: ReadonlyArray<{ address: Uint8Array; storageKeys: Uint8Array[] }>
  nonce?: bigint
}

export interface CallResult {
  success: boolean
  /** Return data, or the revert data when the call reverted. */
  returnValue: Uint8Array
  gasUsed: bigint
  /** EVM error name (e.g. 'revert', 'out of gas') when the call failed. */
  error?: string
  logs: Log[]
  accessList?: AccessList
}

/** Read access to the world state at one state root. */
export interface StateView {
  getBalance(address: Uint8Array): Promise<bigint>
  getNonce(address: Uint8Array): Promise<bigint>
  getCode(address: Uint8Array): Promise<Uint8Array>
  getStorage(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array>
}

/**
 * The EVM side of a chain: one VM whose trie database keeps the state of every block ever
 * built (nothing is pruned), so blocks can be built on any ancestor after a reorg and any
 * historical state can be read.
 */
export class ExecutionEngine {
  private ancestorHash: AncestorHashLookup = () => undefined
  /** The state root the main VM currently stands on. */
  private currentRoot: Uint8Array = KECCAK256_RLP

  private constructor(
    readonly common: Common,
    private readonly vm: VM,
    private readonly stateManager: MerkleStateManager,
  ) {}

  static async create(common: Common): Promise<ExecutionEngine> {
    const stateManager = new MerkleStateManager({ common, trie: new MerklePatriciaTrie({ useKeyHashing: true, common }) })
    let engine: ExecutionEngine | undefined
    // BLOCKHASH asks the blockchain by number; the chain answers along the branch being built.
    const blockchain = {
      getBlock: async (number: number) => {
        const hash = engine?.ancestorHash(BigInt(number)) ?? new Uint8Array(32)
        return { hash: () => hash }
      },
      putBlock: async () => {},
      shallowCopy() {
        return blockchain
      },
    }
    const vm = await createVM({ common, stateManager, blockchain })
    engine = new ExecutionEngine(common, vm, stateManager)
    return engine
  }

  /** Writes the genesis allocation and returns the genesis block. */
  async createGenesis(spec: GenesisSpec): Promise<Block> {
    for (const [address, account] of spec.alloc) {
      const addr = new Address(hexAddress(address))
      await this.stateManager.putAccount(addr, createAccount({ balance: account.balance, nonce: account.nonce ?? 0n }))
      if (account.code) await this.stateManager.putCode(addr, account.code)
      for (const [key, value] of account.storage ?? []) await this.stateManager.putStorage(addr, key, value)
    }
    const stateRoot = await this.stateManager.getStateRoot()
    this.currentRoot = stateRoot
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
          difficulty: 0n,
          nonce: new Uint8Array(8),
          excessBlobGas: common.isActivatedEIP(4844) ? 0n : undefined,
          blobGasUsed: common.isActivatedEIP(4844) ? 0n : undefined,
          parentBeaconBlockRoot: common.isActivatedEIP(4788) ? new Uint8Array(32) : undefined,
          withdrawalsRoot: common.isActivatedEIP(4895) ? KECCAK256_RLP : undefined,
          requestsHash: common.isActivatedEIP(7685) ? EMPTY_REQUESTS_HASH : undefined,
        },
        withdrawals: common.isActivatedEIP(4895) ? [] : undefined,
      },
      { common },
    )
  }

  /**
   * Builds and seals a block on `template.parent`. With `discard`, the state it wrote is
   * reverted afterwards (the pending block), so the trie database keeps nothing of it.
   */
  async build(
    template: BlockTemplate,
    transactions: readonly SignedTransaction[],
    ancestorHash: AncestorHashLookup,
    options: { discard?: boolean } = {},
  ): Promise<BuiltBlock> {
    await this.moveTo(template.parent.header.stateRoot)
    this.ancestorHash = ancestorHash
    const journal = this.vm.evm.journal
    if (options.discard) await journal.checkpoint()
    try {
      const built = await buildBlock(this.vm, template, transactions)
      if (!options.discard) this.currentRoot = built.block.header.stateRoot
      return built
    } catch (error) {
      // A failed build leaves the VM on unknown state: stand on the parent again next time.
      this.currentRoot = KECCAK256_RLP
      throw error
    } finally {
      this.ancestorHash = () => undefined
      if (options.discard) {
        await journal.revert()
        await this.stateManager.setStateRoot(this.currentRoot)
      }
    }
  }

  /** A read-only view of the state at `stateRoot`, independent of block building. */
  stateAt(stateRoot: Uint8Array): StateView {
    const state = this.stateManager.shallowCopy(false)
    let ready: Promise<void> | undefined
    const atRoot = async () => {
      ready ??= state.setStateRoot(stateRoot)
      await ready
      return state
    }
    return {
      getBalance: async (address) => (await (await atRoot()).getAccount(new Address(address)))?.balance ?? 0n,
      getNonce: async (address) => (await (await atRoot()).getAccount(new Address(address)))?.nonce ?? 0n,
      getCode: async (address) => (await atRoot()).getCode(new Address(address)),
      getStorage: async (address, slot) => (await atRoot()).getStorage(new Address(address), slot),
    }
  }

  /** Whether the trie database holds the state at `stateRoot`. */
  hasState(stateRoot: Uint8Array): Promise<boolean> {
    return this.stateManager.hasStateRoot(stateRoot)
  }

  /**
   * Runs `request` as a transaction in `context` (a block whose state root is the state to run
   * on) without keeping anything: nonce and balance checks are skipped as geth's eth_call does.
   */
  async simulate(
    context: Block,
    request: CallRequest,
    ancestorHash: AncestorHashLookup,
    options: { reportAccessList?: boolean } = {},
  ): Promise<CallResult> {
    const vm = await this.vm.shallowCopy(false)
    await vm.stateManager.setStateRoot(context.header.stateRoot)
    const baseFee = context.header.baseFeePerGas ?? 0n
    const gasLimit = request.gas ?? context.header.gasLimit
    const feeMarket = request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined
    const data: TypedTxData = {
      type: feeMarket ? 2 : request.accessList ? 1 : 0,
      to: request.to,
      data: request.data ?? new Uint8Array(),
      value: request.value ?? 0n,
      gasLimit,
      nonce: request.nonce ?? (await vm.stateManager.getAccount(new Address(request.from)))?.nonce ?? 0n,
      accessList: request.accessList?.map((e) => [e.address, e.storageKeys]),
      ...(feeMarket
        ? { maxFeePerGas: request.maxFeePerGas ?? baseFee, maxPriorityFeePerGas: request.maxPriorityFeePerGas ?? 0n }
        : { gasPrice: request.gasPrice ?? baseFee }),
    } as TypedTxData
    const tx = createTx(data, { common: this.common, freeze: false })
    // An unsigned transaction has no sender to recover: the request names it.
    const sender = new Address(request.from)
    Object.defineProperty(tx, 'getSenderAddress', { value: () => sender })
    const header = { ...context.header.toJSON(), gasLimit: context.header.gasLimit > gasLimit ? context.header.gasLimit : gasLimit }
    const block = createBlock({ header }, { common: this.common, freeze: false })
    this.ancestorHash = ancestorHash
    try {
      const result = await runTx(vm, {
        tx,
        block,
        skipNonce: true,
        skipBalance: true,
        skipBlockGasLimitValidation: true,
        skipHardForkValidation: true,
        reportAccessList: options.reportAccessList ?? false,
      })
      const error = result.execResult.exceptionError?.error
      return {
        success: error === undefined,
        returnValue: result.execResult.returnValue,
        gasUsed: result.totalGasSpent,
        error,
        logs: (result.execResult.logs ?? []).map(([address, topics, data]) => ({ address, topics, data })),
        accessList: result.accessList,
      }
    } finally {
      this.ancestorHash = () => undefined
    }
  }

  private async moveTo(stateRoot: Uint8Array): Promise<void> {
    if (equalsBytes(this.currentRoot, stateRoot)) return
    await this.stateManager.setStateRoot(stateRoot)
    this.currentRoot = stateRoot
  }
}

// sha256 of nothing: the requests hash of a block with no EIP-7685 requests.
const EMPTY_REQUESTS_HASH = Uint8Array.from(
  Buffer.from('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'hex'),
)

function hexAddress(address: string): Uint8Array {
  return Uint8Array.from(Buffer.from(address.replace(/^0x/, ''), 'hex'))
}
