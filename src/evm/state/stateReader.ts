import type { Common } from '@ethereumjs/common'
import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { MerkleStateManager } from '@ethereumjs/statemanager'
import { Address, createAccountFromRLP, ValueEncoding } from '@ethereumjs/util'
import type { Account } from '@ethereumjs/util'
import { hexKey } from '../encoding/hexKey.ts'
import type { StateStore } from './stateStore.ts'

/** Read access to the world state at one state root. */
export interface StateView {
  getBalance(address: Uint8Array): Promise<bigint>
  getNonce(address: Uint8Array): Promise<bigint>
  getCode(address: Uint8Array): Promise<Uint8Array>
  getStorage(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array>
}

/**
 * What the chain's own state manager holds of an account, when it stands on this reader's state with no block
 * half built: `{ account }`, or undefined when it does not know.
 */
export type SettledAccount = (address: Uint8Array) => { account: Account | undefined } | undefined

/**
 * Reads of one kept state. A state never changes, so what was read is kept: the head's state is read
 * for every transaction admitted (nonce, balance) and every block mined (each sender's nonce).
 * Accounts come from the chain's own state manager while it stands on this state and holds them (the head's,
 * just written by the block that made it), else from the trie; code and storage through a state manager made
 * on first use. The trie and the manager are made when first needed: making them costs more than the few
 * reads most states get.
 */
export class StateReader implements StateView {
  readonly #accounts = new Map<string, Promise<Account | undefined>>()
  readonly #common: Common
  readonly #store: StateStore
  readonly #root: Uint8Array
  readonly #settled: SettledAccount | undefined
  #trie: MerklePatriciaTrie | undefined
  #manager: MerkleStateManager | undefined

  constructor(common: Common, store: StateStore, root: Uint8Array, settled?: SettledAccount) {
    this.#common = common
    this.#store = store
    this.#root = root
    this.#settled = settled
  }

  async getBalance(address: Uint8Array): Promise<bigint> {
    return (await this.account(address))?.balance ?? 0n
  }

  async getNonce(address: Uint8Array): Promise<bigint> {
    return (await this.account(address))?.nonce ?? 0n
  }

  getCode(address: Uint8Array): Promise<Uint8Array> {
    return this.manager().getCode(new Address(address))
  }

  getStorage(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array> {
    return this.manager().getStorage(new Address(address), slot)
  }

  private account(address: Uint8Array): Promise<Account | undefined> {
    const key = hexKey(address)
    let account = this.#accounts.get(key)
    if (account === undefined) {
      const settled = this.#settled?.(address)
      // Not kept: the settled state may move on; the trie's answer is kept.
      if (settled) return Promise.resolve(settled.account)
      account = this.trie()
        .get(address)
        .then((rlp) => (rlp === null ? undefined : createAccountFromRLP(rlp)))
      // A failed read (a state let go meanwhile) is not kept.
      account.catch(() => this.#accounts.delete(key))
      this.#accounts.set(key, account)
    }
    return account
  }

  private trie(): MerklePatriciaTrie {
    this.#trie ??= new MerklePatriciaTrie({
      useKeyHashing: true,
      common: this.#common,
      db: this.#store as never,
      valueEncoding: ValueEncoding.Bytes,
      root: this.#root,
    })
    return this.#trie
  }

  private manager(): MerkleStateManager {
    this.#manager ??= new MerkleStateManager({ common: this.#common, trie: this.trie().shallowCopy(false) })
    return this.#manager
  }
}
