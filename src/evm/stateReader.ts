import type { Common } from '@ethereumjs/common'
import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { MerkleStateManager } from '@ethereumjs/statemanager'
import { Address, createAccountFromRLP, ValueEncoding } from '@ethereumjs/util'
import type { Account } from '@ethereumjs/util'
import { hexKey } from './hexKey.ts'
import type { StateStore } from './stateStore.ts'

/** Read access to the world state at one state root. */
export interface StateView {
  getBalance(address: Uint8Array): Promise<bigint>
  getNonce(address: Uint8Array): Promise<bigint>
  getCode(address: Uint8Array): Promise<Uint8Array>
  getStorage(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array>
}

/**
 * Reads of one kept state. A state never changes, so what was read is kept: the head's state is read
 * for every transaction admitted (nonce, balance) and every block mined (each sender's nonce).
 * Accounts are read from the trie directly; code and storage through a state manager made on first use
 * (a state manager and its caches cost more to make than the few account reads most states get).
 */
export class StateReader implements StateView {
  readonly #accounts = new Map<string, Promise<Account | undefined>>()
  readonly #trie: MerklePatriciaTrie
  readonly #common: Common
  #manager: MerkleStateManager | undefined

  constructor(common: Common, store: StateStore, root: Uint8Array) {
    this.#common = common
    this.#trie = new MerklePatriciaTrie({ useKeyHashing: true, common, db: store as never, valueEncoding: ValueEncoding.Bytes, root })
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
      account = this.#trie.get(address).then((rlp) => (rlp === null ? undefined : createAccountFromRLP(rlp)))
      // A failed read (a state let go meanwhile) is not kept.
      account.catch(() => this.#accounts.delete(key))
      this.#accounts.set(key, account)
    }
    return account
  }

  private manager(): MerkleStateManager {
    this.#manager ??= new MerkleStateManager({ common: this.#common, trie: this.#trie.shallowCopy(false) })
    return this.#manager
  }
}
