import type { Common } from '@ethereumjs/common'
import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { getMerkleStateProof } from '@ethereumjs/statemanager'
import type { MerkleStateManager } from '@ethereumjs/statemanager'
import { Address, bytesToHex, equalsBytes, hexToBytes, ValueEncoding } from '@ethereumjs/util'
import type { SettledReads } from '../patches/cachedStateManager.ts'
import { fromByteString, toByteString } from '../encoding/byteString.ts'
import { keccak256 } from '../crypto/crypto.ts'
import { hexKey } from '../encoding/hexKey.ts'
import { RecentCache } from '../encoding/recentCache.ts'
import { ProofNotLocal } from '../errors.ts'
import { ForkStateManager } from '../patches/forkStateManager.ts'
import type { ForkStateLink } from '../state/forkState.ts'
import { StateReader } from '../state/stateReader.ts'
import type { StateView } from '../state/stateReader.ts'
import type { StateStore } from '../state/stateStore.ts'
import type { DetachedState } from './isolatedExecution.ts'
import { stateManagerOver } from './isolatedVm.ts'

/** An EIP-1186 account proof, in domain types. */
export interface AccountProof {
  balance: bigint
  nonce: bigint
  codeHash: Uint8Array
  storageHash: Uint8Array
  accountProof: Uint8Array[]
  storageProof: Array<{ key: Uint8Array; value: bigint; proof: Uint8Array[] }>
}

/** Readers kept for the most recently read states (the head's, mostly). */
const READERS_KEPT = 8

/**
 * The states a chain's engine keeps (StateStore: every state a block, a snapshot or state set on the head was
 * sealed or retained for, until released): their holders, what a state file saves and restores of them, and
 * reads at any of them (accounts, code, proofs). The engine seals new states into the same store; nothing
 * here writes a state.
 */
export class KeptStates {
  /** A reader per recently read root: a state never changes, so what one has read stays true. */
  private readonly readers = new RecentCache<string, StateReader>(READERS_KEPT)

  constructor(
    private readonly common: Common,
    private readonly store: StateStore,
    private readonly fork: ForkStateLink | undefined,
    /** The engine's state manager, which a proof copies (a fork's knows what the fork has written). */
    private readonly stateManager: MerkleStateManager,
    /** The account at `root` from the engine's caches, while they hold that state whole. */
    private readonly settledAccount: SettledReads['account'],
  ) {}

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
  static isEntryIntact(key: Uint8Array, value: Uint8Array): boolean {
    const hash = key.length === 33 && key[0] === 0x63 ? key.subarray(1) : key
    return hash.length === 32 && equalsBytes(keccak256(value), hash)
  }

  /** The root the store keeps a state under: a fork block's upstream root stands for the fork's base state. */
  localRootOf(stateRoot: Uint8Array): Uint8Array {
    return this.fork ? this.fork.localRootOf(stateRoot) : stateRoot
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
      () => new StateReader(this.common, this.store, stateRoot, (address) => this.settledAccount(stateRoot, new Address(address))),
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
      // An account that does not exist has no storage trie to prove a slot in: each slot is zero with an empty
      // proof, as geth answers (ethereumjs leaves the list empty).
      storageProof: slots.map((key, i) => {
        const entry = proof.storageProof[i]
        return entry ? { key, value: BigInt(entry.value), proof: entry.proof.map(bytes) } : { key, value: 0n, proof: [] }
      }),
    }
  }
}

/** An empty state trie over the chain's store. */
export function stateTrie(common: Common, store: StateStore): MerklePatriciaTrie {
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
