import type { BatchDBOp, DB } from '@ethereumjs/util'

type Key = string | Uint8Array | number
type Value = string | Uint8Array

function keyOf(key: Key): string {
  return key instanceof Uint8Array ? Buffer.from(key.buffer, key.byteOffset, key.length).toString('hex') : key.toString()
}

/**
 * A trie database layered over another: reads fall through to the base, writes stay here. The
 * pending block is built on one, so its state can be read while it is cached and leaves nothing
 * behind in the chain's database when it is dropped.
 */
export class OverlayDB implements DB<Key, Value> {
  constructor(
    private readonly base: DB<Key, Value>,
    private readonly written: Map<string, Value | undefined> = new Map(),
  ) {}

  async get(key: Key): Promise<Value | undefined> {
    const local = keyOf(key)
    if (this.written.has(local)) return this.written.get(local)
    return this.base.get(key)
  }

  async put(key: Key, value: Value): Promise<void> {
    this.written.set(keyOf(key), value)
  }

  async del(key: Key): Promise<void> {
    this.written.set(keyOf(key), undefined)
  }

  async batch(operations: BatchDBOp<Key, Value>[]): Promise<void> {
    for (const op of operations) {
      if (op.type === 'put') await this.put(op.key, op.value)
      else await this.del(op.key)
    }
  }

  /** Copies share both layers, as MapDB's copies share their map. */
  shallowCopy(): OverlayDB {
    return new OverlayDB(this.base, this.written)
  }

  open(): Promise<void> {
    return Promise.resolve()
  }
}
