import type { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { CODEHASH_PREFIX, MerkleStateManager } from '@ethereumjs/statemanager'
import type { MerkleStateManagerOpts } from '@ethereumjs/statemanager'
import { Account, concatBytes, createAccount, createAccountFromRLP, equalsBytes, KECCAK256_NULL, unpadBytes } from '@ethereumjs/util'
import type { Address } from '@ethereumjs/util'
import type { ForkStateLink } from '../state/forkState.ts'

// Built on MerkleStateManager's protected members (`_trie`, `_caches`, `_getStorageTrie`, `_getCodeDB`,
// `_writeContractStorage`, `_modifyContractStorage`, the key-prefix flags): a subclass is the library's way to
// change where reads go, and these are what it offers a subclass. test/evm/patches/ holds that they are there.

/**
 * A state manager whose trie holds what the fork wrote, over the upstream's state at the fork block.
 *
 * The local trie is authoritative for every key it holds; a key it does not hold reads through to the
 * upstream (cached by the source). Reads never write, so a block's state root depends only on what the
 * fork wrote since the fork block: the same transactions on the same fork block give the same roots,
 * whatever was read or cached before. Two things keep "absent here" meaning "as upstream":
 * - a slot set to zero on an account that may hold upstream storage is kept as an explicit zero (RLP of
 *   nothing) instead of being deleted, so the upstream's value stays hidden;
 * - an upstream account deleted here (emptied and touched) is kept as an explicit empty account.
 *
 * The upstream's own state root of the fork block stands for the fork's base state (its local root), so
 * the fork block's header is the upstream's, hash and all.
 *
 * Given caches (the chain's own state manager, which builds blocks), it holds what a block writes in them until the
 * block's end, as the chain's state manager of a dev network does: the trie is written once a block instead of at
 * every write. Only writes go in the caches (the library's own reads put what they read there too, and its flush
 * would then write upstream reads into the trie): a read is answered by the caches when they hold a write of the
 * key, else by the trie, else by the upstream.
 */
export class ForkStateManager extends MerkleStateManager {
  constructor(
    opts: MerkleStateManagerOpts & { trie: MerklePatriciaTrie },
    private readonly fork: ForkStateLink,
  ) {
    super(opts)
  }

  override async getAccount(address: Address): Promise<Account | undefined> {
    const written = this._caches?.account?.get(address)
    if (written !== undefined) return written.accountRLP === undefined ? undefined : createAccountFromRLP(written.accountRLP)
    const local = await this._trie.get(address.bytes)
    if (local !== null) return createAccountFromRLP(local)
    const upstream = await this.fork.source.account(address.bytes)
    return upstream && createAccount({ nonce: upstream.nonce, balance: upstream.balance, codeHash: upstream.codeHash })
  }

  override async deleteAccount(address: Address): Promise<void> {
    if (await this.fork.source.account(address.bytes)) await this.putAccount(address, new Account())
    else await super.deleteAccount(address)
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    const written = this._caches?.code?.get(address)
    if (written !== undefined) return written.code ?? new Uint8Array()
    const account = await this.getAccount(address)
    if (!account?.isContract()) return new Uint8Array()
    const local = await this._getCodeDB().get(concatBytes(CODEHASH_PREFIX, account.codeHash))
    if (local) return local as Uint8Array
    // Code the fork did not write is the upstream's (same hash): it stays in the source's cache.
    return this.fork.source.code(address.bytes)
  }

  override async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const written = this._caches?.storage?.get(address, key)
    if (written !== undefined) return RLP.decode(written) as Uint8Array
    const account = await this.getAccount(address)
    if (!account) return new Uint8Array()
    const stored = await this._getStorageTrie(address, account).get(key)
    if (stored !== null) return RLP.decode(stored) as Uint8Array
    if (!(await this.mayHoldUpstreamStorage(address))) return new Uint8Array()
    return unpadBytes(await this.fork.source.storage(address.bytes, key))
  }

  /** With caches, a write goes to them only (the library's own writes the storage trie as well, then again at the flush). */
  override async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    const storage = this._caches?.storage
    if (!storage) return super.putStorage(address, key, value)
    if (key.length !== 32) throw new Error('Storage key must be 32 bytes long')
    if (value.length > 32) throw new Error('Storage value cannot be longer than 32 bytes')
    if (!(await this.getAccount(address))) throw new Error('putStorage() called on non-existing account')
    storage.put(address, key, RLP.encode(unpadBytes(value)))
  }

  protected override async _writeContractStorage(address: Address, account: Account, key: Uint8Array, value: Uint8Array): Promise<void> {
    if (value.length > 0 || !(await this.mayHoldUpstreamStorage(address))) return super._writeContractStorage(address, account, key, value)
    // The library's callback has no way to fail: a failed write (of the slot, or of the account after it, in `done`)
    // would leave its promise pending forever, and the write queue with it. The failure is raced against it instead.
    let fail: (error: unknown) => void = () => {}
    const failed = new Promise<never>((_, reject) => {
      fail = reject
    })
    await Promise.race([
      this._modifyContractStorage(address, account, (storageTrie, done) => {
        storageTrie
          .put(key, RLP.encode(new Uint8Array()))
          .then(() => done())
          .catch(fail)
      }),
      failed,
    ])
  }

  override async setStateRoot(stateRoot: Uint8Array, clearCache?: boolean): Promise<void> {
    return super.setStateRoot(this.fork.localRootOf(stateRoot), clearCache)
  }

  override async hasStateRoot(root: Uint8Array): Promise<boolean> {
    return super.hasStateRoot(this.fork.localRootOf(root))
  }

  override shallowCopy(): ForkStateManager {
    const common = this.common.copy()
    common.setHardfork(this.common.hardfork())
    const trie = this._trie.shallowCopy(false)
    return new ForkStateManager({ common, trie, prefixCodeHashes: this._prefixCodeHashes, prefixStorageTrieKeys: this._prefixStorageTrieKeys }, this.fork)
  }

  /** Whether eth_getProof can prove `address` and `slots` from the local trie (the fork wrote them). */
  async isLocal(address: Address, slots: readonly Uint8Array[]): Promise<boolean> {
    const local = await this._trie.get(address.bytes)
    if (local === null) return false
    if (!(await this.mayHoldUpstreamStorage(address))) return true
    const storage = this._getStorageTrie(address, createAccountFromRLP(local))
    for (const slot of slots) if ((await storage.get(slot)) === null) return false
    return true
  }

  /** Code or a nonce: an account whose upstream storage may be non-empty (an EOA may have been delegated). */
  private async mayHoldUpstreamStorage(address: Address): Promise<boolean> {
    const upstream = await this.fork.source.account(address.bytes)
    return upstream !== undefined && (upstream.nonce > 0n || !equalsBytes(upstream.codeHash, KECCAK256_NULL))
  }
}
