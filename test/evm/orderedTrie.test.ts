import { MerklePatriciaTrie } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { encodeReceipt as libraryEncodeReceipt } from '@ethereumjs/vm'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { orderedTrieRoot } from '../../src/evm/encoding/orderedTrie.ts'
import { packLogs } from '../../src/evm/encoding/packedLogs.ts'
import { encodeReceipt } from '../../src/evm/encoding/receiptEncoding.ts'
import { fuzzParameters } from '../fuzz/fuzzSettings.ts'

/** The root @ethereumjs/block computes (genTransactionsTrieRoot): keys RLP(i) put one by one. */
async function libraryRoot(values: readonly Uint8Array[]): Promise<Uint8Array> {
  const trie = new MerklePatriciaTrie()
  for (const [i, value] of values.entries()) await trie.put(RLP.encode(i), value)
  return trie.root()
}

const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max })
const log = fc.record({ address: bytes(20, 20), topics: fc.array(bytes(32, 32), { maxLength: 4 }), data: bytes(0, 300) })

describe('orderedTrieRoot', () => {
  test('equals the library trie for every list length up to 300 (keys cross one-, two- and three-byte RLP)', async () => {
    const values = Array.from({ length: 300 }, (_, i) => Uint8Array.from({ length: (i * 37) % 200 }, (_, j) => (i + j) % 256))
    for (const n of [0, 1, 2, 3, 15, 16, 17, 127, 128, 129, 255, 256, 257, 300]) {
      expect(orderedTrieRoot(values.slice(0, n)), `${n} values`).toEqual(await libraryRoot(values.slice(0, n)))
    }
  })

  test('equals the library trie for any values: empty, single bytes, short (embedded nodes), long', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(bytes(0, 1), bytes(1, 30), bytes(30, 600)), { maxLength: 150 }), async (values) => {
        expect(orderedTrieRoot(values)).toEqual(await libraryRoot(values))
      }),
      fuzzParameters(150),
    )
  })
})

describe('encodeReceipt', () => {
  test("is the library's encoding, for packed logs, every type and status", () => {
    fc.assert(
      fc.property(
        fc.array(log, { maxLength: 20 }),
        fc.constantFrom(0, 1, 2, 3, 4),
        fc.constantFrom(0, 1),
        fc.bigInt({ min: 1n, max: 2n ** 64n }),
        bytes(256, 256),
        (logs, type, status, gas, bloom) => {
          const ours = encodeReceipt({
            type,
            status: status as 0 | 1,
            cumulativeGasUsed: gas,
            bloom,
            logs: packLogs(logs.map((l) => [l.address, l.topics, l.data])),
          })
          const receipt = { status: status as 0 | 1, cumulativeBlockGasUsed: gas, bitvector: bloom, logs: logs.map((l) => [l.address, l.topics, l.data]) }
          expect(ours).toEqual(libraryEncodeReceipt(receipt as never, type))
        },
      ),
      fuzzParameters(200),
    )
  })
})
