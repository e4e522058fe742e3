import type { BatchDBOp, DB } from '@ethereumjs/util'
import { fromByteString, toByteString } from '../encoding/byteString.ts'
import { hexKey } from '../encoding/hexKey.ts'
import { readRlpItem as readItem, readRlpList } from '../encoding/rlpItems.ts'
import type { RlpItem as Item } from '../encoding/rlpItems.ts'

type Key = string | Uint8Array | number
type Value = string | Uint8Array

/** Hex of the empty trie's root (keccak of RLP ''): never stored, always present. */
const EMPTY_ROOT = '56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421'
/** Hex of keccak(''): the code hash of an account without code. */
const EMPTY_CODE = 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'
/** MerkleStateManager stores code under 'c' + code hash. */
const CODE_PREFIX = '63'

/**
 * The trie database of a chain's world state, with each node counted by what refers to it, so that
 * the states a chain no longer keeps can be freed (geth's in-memory hashdb works the same way).
 *
 * Writes land in a pending set. `seal(root)` keeps what the new state `root` reaches among them and
 * drops the rest: intermediate nodes of a block being built, and the leftovers of a failed one. A kept
 * node counts one reference per parent that names it (a branch or extension, an account naming its
 * storage root or code), plus one per holder of a state whose root it is (`seal`, `retain`).
 * `release(root)` drops a holder's reference; a node whose count reaches zero is deleted and drops its
 * own references to its children in turn, so a release costs what it frees. Nothing is ever walked in
 * full.
 *
 * Keys are MerkleStateManager's: the hex of a node's hash, or of 'c' + code hash for code. Values are
 * kept as byte strings (byteString.ts): a node is 70 to 530 bytes, and as an array it would cost ~150
 * bytes more, for every node of every kept state.
 */
export class StateStore implements DB<Key, Value> {
  private readonly nodes = new Map<string, string>()
  /** Reference counts above one (most nodes have one parent). */
  private readonly extraRefs = new Map<string, number>()
  private pending = new Map<string, string>()

  /** Nodes and code entries kept. */
  get size(): number {
    return this.nodes.size
  }

  /** Whether the state whose root is `root` is kept. */
  hasState(root: Uint8Array): boolean {
    const key = hexKey(root, false)
    return key === EMPTY_ROOT || this.nodes.has(key)
  }

  /**
   * Keeps the state `root` built since the last seal (and whatever older nodes it shares), counting one
   * holder; drops every other pending write.
   */
  seal(root: Uint8Array): void {
    const pending = this.pending
    this.pending = new Map()
    this.keepFrom(root, pending)
  }

  /** Told of every node and code entry kept by a seal, as it is kept (a state file's journal). */
  onKept: ((key: string, value: string) => void) | undefined

  /** Every node and code entry kept, as [key, value] (a copy: a state file's whole picture). */
  entries(): Array<[key: string, value: string]> {
    return [...this.nodes]
  }

  /**
   * Keeps, from `entries` (nodes read back from a state file), what the states `roots` reach, one holder for each
   * root given (a root given twice has two); the rest is dropped. Returns the roots whose states are not whole.
   */
  restore(entries: Iterable<readonly [key: string, value: string]>, roots: readonly Uint8Array[]): Uint8Array[] {
    const pending = new Map(entries)
    const incomplete: Uint8Array[] = []
    for (const root of roots) {
      const missing = this.keepFrom(root, pending)
      if (missing) incomplete.push(root)
    }
    return incomplete
  }

  /** Keeps the state `root` from `pending` (and what is kept already), one holder; true when some node was missing. */
  private keepFrom(root: Uint8Array, pending: Map<string, string>): boolean {
    const stack = [hexKey(root, false)]
    let missing = false
    for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
      if (this.nodes.has(key)) {
        this.addRef(key)
        continue
      }
      const value = pending.get(key)
      if (value === undefined) {
        if (key !== EMPTY_ROOT) missing = true
        continue
      }
      this.nodes.set(key, value)
      pending.delete(key)
      this.onKept?.(key, value)
      pushReferences(key, fromByteString(value), stack)
    }
    return missing
  }

  /**
   * The code whose hash is `codeHash`, if an account of a kept state has it (code is kept once by its hash, for
   * every account and state that has it); the empty code is never stored, and always known.
   */
  code(codeHash: Uint8Array): Uint8Array | undefined {
    const hash = hexKey(codeHash, false)
    if (hash === EMPTY_CODE) return new Uint8Array()
    const value = this.nodes.get(CODE_PREFIX + hash)
    return value === undefined ? undefined : fromByteString(value)
  }

  /** One more holder of the kept state `root` (a snapshot, state set on the head). */
  retain(root: Uint8Array): void {
    const key = hexKey(root, false)
    if (this.nodes.has(key)) this.addRef(key)
  }

  /** A holder of `root` lets it go: whatever nothing else refers to is freed. */
  release(root: Uint8Array): void {
    const stack = [hexKey(root, false)]
    for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
      const extra = this.extraRefs.get(key)
      if (extra !== undefined) {
        if (extra > 1) this.extraRefs.set(key, extra - 1)
        else this.extraRefs.delete(key)
        continue
      }
      const value = this.nodes.get(key)
      if (value === undefined) continue
      this.nodes.delete(key)
      pushReferences(key, fromByteString(value), stack)
    }
  }

  private addRef(key: string): void {
    this.extraRefs.set(key, (this.extraRefs.get(key) ?? 0) + 1)
  }

  // ---- the DB interface the trie reads and writes through ----

  async get(key: Key): Promise<Value | undefined> {
    const text = keyText(key)
    const value = this.pending.get(text) ?? this.nodes.get(text)
    return value === undefined ? undefined : fromByteString(value)
  }

  async put(key: Key, value: Value): Promise<void> {
    // Pending even when already kept: a release before the next seal may free the kept copy.
    this.pending.set(keyText(key), typeof value === 'string' ? Buffer.from(value, 'hex').toString('latin1') : toByteString(value))
  }

  /** Tries delete nodes only with node pruning on, which chainsim's are not; a pending write is forgotten. */
  async del(key: Key): Promise<void> {
    this.pending.delete(keyText(key))
  }

  async batch(operations: BatchDBOp<Key, Value>[]): Promise<void> {
    for (const op of operations) {
      if (op.type === 'put') await this.put(op.key, op.value)
      else await this.del(op.key)
    }
  }

  /** Copies share the store, as MapDB's copies share their map. */
  shallowCopy(): StateStore {
    return this
  }

  open(): Promise<void> {
    return Promise.resolve()
  }
}

function keyText(key: Key): string {
  return key instanceof Uint8Array ? hexKey(key, false) : String(key)
}

/**
 * Pushes the keys `value` (the node or code stored under `key`) refers to: the hashed children of a
 * branch or extension, and the storage root and code of an account in a leaf. Children shorter than 32
 * bytes are embedded in their parent and refer to nothing themselves.
 */
function pushReferences(key: string, value: Uint8Array, out: string[]): void {
  if (key.startsWith(CODE_PREFIX) && key.length === CODE_PREFIX.length + 64) return
  const list = readItem(value, 0)
  if (!list.isList) return
  const items = readRlpList(value, list)
  if (items.length === 17) {
    for (let i = 0; i < 16; i++) pushHash(value, items[i] as Item, out)
    return
  }
  if (items.length !== 2) return
  const [path, second] = items as [Item, Item]
  // Hex-prefix encoding: the high nibble of the path's first byte is 2 or 3 for a leaf.
  const isLeaf = (value[path.start] as number) >> 4 >= 2
  if (!isLeaf) {
    pushHash(value, second, out)
    return
  }
  // A leaf's value: an account (an RLP list) in the state trie, a slot's RLP string in a storage trie.
  if (second.isList || second.end - second.start === 0 || (value[second.start] as number) < 0xc0) return
  const [, , storageRoot, codeHash] = readRlpList(value, readItem(value, second.start))
  if (storageRoot && storageRoot.end - storageRoot.start === 32) {
    const root = hexKey(value.subarray(storageRoot.start, storageRoot.end), false)
    if (root !== EMPTY_ROOT) out.push(root)
  }
  if (codeHash && codeHash.end - codeHash.start === 32) {
    const hash = hexKey(value.subarray(codeHash.start, codeHash.end), false)
    if (hash !== EMPTY_CODE) out.push(CODE_PREFIX + hash)
  }
}

function pushHash(value: Uint8Array, item: Item, out: string[]): void {
  if (!item.isList && item.end - item.start === 32) out.push(hexKey(value.subarray(item.start, item.end), false))
}
