import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { logsBloom } from '../../src/evm/bloom.ts'
import { keepLogs, packLogs } from '../../src/evm/packedLogs.ts'
import type { Log } from '../../src/evm/types.ts'
import { fuzzParameters } from '../fuzz/fuzzSettings.ts'

const rawLog = fc.tuple(
  fc.uint8Array({ minLength: 20, maxLength: 20 }),
  fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 4 }),
  fc.uint8Array({ maxLength: 200 }),
)

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
        // Keeping what was kept already keeps it again, unchanged.
        expect(keepLogs(kept).map(fieldsOf)).toEqual(plain.map(fieldsOf))
      }),
      fuzzParameters(100),
    )
  })
})
