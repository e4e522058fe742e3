import { RLP } from '@ethereumjs/rlp'
import { MerkleStateManager } from '@ethereumjs/statemanager'
import type { Caches, MerkleStateManagerOpts } from '@ethereumjs/statemanager'
import { createAccountFromRLP, unpadBytes } from '@ethereumjs/util'
import type { Account, Address } from '@ethereumjs/util'
import type { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { stateReadMemo } from '../state/stateReadMemo.ts'

/**
 * A state manager with caches, as the chain's own VM and the VMs of calls use it:
 * - Storage is written to the caches only. @ethereumjs/statemanager 10.1.3's `putStorage` writes the cache
 *   and then, since the cache's `put` returns nothing, the storage trie too (`cache.put(...) ?? write(...)`):
 *   every SSTORE made a storage trie (and its debug logger) and wrote trie nodes that the flush at the block's
 *   end writes again. The flush alone is what a cached state needs.
 * - Code not in the caches is read through the process's {@link stateReadMemo} by its hash, so the same
 *   contract is one object for every VM (the EVM's jump analysis is kept per code object).
 */
export class CachedStateManager extends MerkleStateManager {
  protected readonly caches: Caches

  constructor(opts: MerkleStateManagerOpts & { trie: MerklePatriciaTrie; caches: Caches }) {
    super(opts)
    if (!opts.caches.account || !opts.caches.storage || !opts.caches.code) throw new Error('a cached state manager needs account, storage and code caches')
    this.caches = opts.caches
  }

  override async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    // The checks of the original, in its words.
    if (key.length !== 32) throw new Error('Storage key must be 32 bytes long')
    if (value.length > 32) throw new Error('Storage value cannot be longer than 32 bytes')
    if (!(await this.getAccount(address))) throw new Error('putStorage() called on non-existing account')
    this.caches.storage!.put(address, key, RLP.encode(unpadBytes(value)))
  }

  /**
   * What the caches hold of `address`, read synchronously: `{ account }` (undefined: no such account) when they
   * hold it, else undefined. Only the caller knows whether the caches hold a settled state (see SettledReads).
   */
  cachedAccount(address: Address): { account: Account | undefined } | undefined {
    const cached = this.caches.account!.get(address)
    if (cached === undefined) return undefined
    return { account: cached.accountRLP === undefined ? undefined : createAccountFromRLP(cached.accountRLP) }
  }

  /** What the caches hold of a storage slot (RLP of its value), read synchronously, else undefined. */
  cachedStorage(address: Address, key: Uint8Array): Uint8Array | undefined {
    return this.caches.storage!.get(address, key)
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    const written = this.caches.code!.get(address)
    if (written !== undefined) return written.code ?? new Uint8Array()
    const account = await this.getAccount(address)
    if (!account?.isContract()) return new Uint8Array()
    return stateReadMemo.code(account.codeHash, () => super.getCode(address))
  }
}

/**
 * Synchronous reads of a settled state held in another state manager's caches (the chain's own, standing on
 * the head with no block half built), by state root: undefined when that state is not the one held now, or
 * the caches do not hold the key.
 */
export interface SettledReads {
  account(root: Uint8Array, address: Address): { account: Account | undefined } | undefined
  /** RLP of the slot's value. */
  storage(root: Uint8Array, address: Address, key: Uint8Array): Uint8Array | undefined
}

/**
 * A state manager for calls: what the call has not written is read from the chain's own caches when they
 * hold this state (`settled`: the head, just written by its block), else through the process's
 * {@link stateReadMemo}, instead of walking the trie. What the call writes stays in its caches, which a call's
 * reverted checkpoint empties again; reads are not put in the caches, since a revert would drop them.
 */
export class MemoizedStateManager extends CachedStateManager {
  private readonly settled: SettledReads | undefined

  constructor(opts: ConstructorParameters<typeof CachedStateManager>[0], settled?: SettledReads) {
    super(opts)
    this.settled = settled
  }

  override async getAccount(address: Address): Promise<Account | undefined> {
    const written = this.caches.account!.get(address)
    if (written !== undefined) return written.accountRLP === undefined ? undefined : createAccountFromRLP(written.accountRLP)
    const trie = this._trie
    const root = trie.root()
    const settled = this.settled?.account(root, address)
    if (settled) return settled.account
    const rlp = await stateReadMemo.read(root, address.bytes, () => trie.get(address.bytes))
    return rlp === null ? undefined : createAccountFromRLP(rlp)
  }

  override async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    if (key.length !== 32) return super.getStorage(address, key)
    const written = this.caches.storage!.get(address, key) ?? this.settled?.storage(this._trie.root(), address, key)
    if (written !== undefined) return RLP.decode(written) as Uint8Array
    const account = await this.getAccount(address)
    if (!account) return new Uint8Array()
    const value = await stateReadMemo.read(account.storageRoot, key, () => this.storageTrieAt(address, account).get(key))
    return RLP.decode(value ?? EMPTY) as Uint8Array
  }

  /** The account's storage trie at the root the account names (a trie this call already moved is copied back there). */
  private storageTrieAt(address: Address, account: Account): MerklePatriciaTrie {
    const trie = this._getStorageTrie(address, account)
    if (equalRoots(trie.root(), account.storageRoot)) return trie
    const copy = trie.shallowCopy(false)
    copy.root(account.storageRoot)
    return copy
  }
}

function equalRoots(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

const EMPTY = new Uint8Array()
