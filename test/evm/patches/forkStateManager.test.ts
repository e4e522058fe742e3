import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { Account, Address, MapDB, ValueEncoding } from '@ethereumjs/util'
import { describe, expect, test } from 'vitest'
import { createDevCommon } from '../../../src/evm/index.ts'
import { type ForkedStateSource, ForkStateLink } from '../../../src/evm/state/forkState.ts'
import { ForkStateManager } from '../../../src/evm/patches/forkStateManager.ts'

const common = createDevCommon(31337n, 'fork-state')
const contract = new Address(new Uint8Array(20).fill(7))
const slot = new Uint8Array(32).fill(1)

/**
 * A database that refuses every write once `refusing.from` writes have been made, as a full disk or a closed store would.
 * Its copies (the storage tries' databases) share the count.
 */
class RefusingDB extends MapDB<string, Uint8Array> {
  constructor(
    readonly refusing: { from: number; writes: number },
    database?: Map<string, Uint8Array>,
  ) {
    super(database)
  }
  override async put(key: string, value: Uint8Array): Promise<void> {
    if (this.refusing.writes++ >= this.refusing.from) throw new Error('the database refused the write')
    return super.put(key, value)
  }
  override shallowCopy(): RefusingDB {
    return new RefusingDB(this.refusing, this._database)
  }
}

/** An upstream where `contract` is a contract (nonce 1), so that a zero written to its storage is kept explicit. */
const upstream: ForkedStateSource = {
  account: async (address) =>
    address.every((byte, i) => byte === contract.bytes[i]) ? { nonce: 1n, balance: 0n, codeHash: new Uint8Array(32).fill(9) } : undefined,
  code: async () => new Uint8Array([0x00]),
  storage: async () => new Uint8Array(32).fill(5),
  blockHash: async () => undefined,
}

/** `promise`, or a rejection naming the hang if it has not settled within 5 seconds. */
async function settled<T>(promise: Promise<T>): Promise<T> {
  let bound: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    bound = setTimeout(() => reject(new Error('the write never settled')), 5_000)
  })
  try {
    return await Promise.race([promise, deadline])
  } finally {
    clearTimeout(bound)
  }
}

describe('ForkStateManager', () => {
  // The slot is written to the storage trie, then the account (its new storage root) to the state trie.
  test.each([
    ['the slot', 0],
    ['the account after it', 1],
  ])("zeroing a slot the upstream may hold fails with the database's error when writing %s fails, instead of never settling", async (_, writesBefore) => {
    const refusing = { from: Number.POSITIVE_INFINITY, writes: 0 }
    const trie = new MerklePatriciaTrie({ useKeyHashing: true, common, db: new RefusingDB(refusing) as never, valueEncoding: ValueEncoding.Bytes })
    const state = new ForkStateManager({ common, trie }, new ForkStateLink(upstream))
    await state.putAccount(contract, new Account(1n, 0n))
    Object.assign(refusing, { from: writesBefore, writes: 0 })
    await expect(settled(state.putStorage(contract, slot, new Uint8Array()))).rejects.toThrow('the database refused the write')
    expect(refusing.writes, 'the database was asked for the writes the case is about').toBe(writesBefore + 1)
  })
})
