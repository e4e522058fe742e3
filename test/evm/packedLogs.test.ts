import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { logsBloom } from '../../src/evm/encoding/bloom.ts'
import { keepLogs, packLogs } from '../../src/evm/encoding/packedLogs.ts'
import type { Log } from '../../src/evm/types.ts'
import { fuzzParameters } from '../fuzz/fuzzSettings.ts'

/** Bytes of `length`, often one of a few values: logs of a transaction repeat their address and topics. */
const field = (length: number) =>
  fc.oneof(fc.constantFrom(...[1, 2, 3].map((n) => new Uint8Array(length).fill(n))), fc.uint8Array({ minLength: length, maxLength: length }))
const rawLog = fc.tuple(field(20), fc.array(field(32), { maxLength: 4 }), fc.uint8Array({ maxLength: 200 }))

/** A log's fields as plain copies, to compare across moves. */
const fieldsOf = (log: Log) => ({ address: Uint8Array.from(log.address), topics: log.topics.map((t) => Uint8Array.from(t)), data: Uint8Array.from(log.data) })

describe('packed logs', () => {
  test('kept logs read the fields they were packed with, and their bloom is the bloom of those fields', () => {
    fc.assert(
      fc.property(fc.array(rawLog, { maxLength: 12 }), fc.array(rawLog, { maxLength: 3 }), (raw, other) => {
        const plain: Log[] = raw.map(([address, topics, data]) => ({ address, topics, data }))
        const packed = packLogs(raw)
        expect(packed.map(fieldsOf)).toEqual(plain.map(fieldsOf))
        const kept = keepLogs(packed)
        expect(kept.map(fieldsOf)).toEqual(plain.map(fieldsOf))
        expect(logsBloom(kept)).toEqual(logsBloom(plain))
        // Logs that are not one transaction's packed run (here: two runs interleaved) are packed anew.
        const mixed = packLogs(other).flatMap((log, i) => [log, ...(packed[i] ? [packed[i]!] : [])])
        const expected = mixed.map(fieldsOf)
        expect(keepLogs(mixed).map(fieldsOf)).toEqual(expected)
        // A run's tail may refer to bytes before it: it is packed anew, not moved.
        const tail = packLogs(raw).slice(1)
        expect(keepLogs(tail).map(fieldsOf)).toEqual(plain.slice(1).map(fieldsOf))
        // Keeping what was kept already keeps it again, unchanged.
        expect(keepLogs(kept).map(fieldsOf)).toEqual(plain.map(fieldsOf))
      }),
      fuzzParameters(100),
    )
  })

  test("a field equal to the same field of an earlier log is kept as a reference: one event's logs take ~80 bytes each", () => {
    const address = new Uint8Array(20).fill(0xee)
    const signature = new Uint8Array(32).fill(0x51)
    const sender = new Uint8Array(32).fill(0x5e)
    const raw = Array.from({ length: 100 }, (_, i) => [address, [signature, new Uint8Array(32).fill(i), sender], new Uint8Array(32).fill(i + 1)] as const)
    const kept = keepLogs(packLogs(raw))
    expect(kept.map(fieldsOf)).toEqual(raw.map(([a, topics, data]) => ({ address: a, topics, data })))
    // The first log whole (153 bytes), then 5 + 4 + 4 + 32 + 4 + 32 = 81 bytes a log.
    const sizes = kept.map((log) => (log as unknown as { size: number }).size)
    expect(sizes[0]).toBe(153)
    expect(new Set(sizes.slice(1))).toEqual(new Set([81]))
  })
})
