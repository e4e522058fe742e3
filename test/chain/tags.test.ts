import { describe, expect, test } from 'vitest'
import { resolveTagNumber } from '../../src/chain/tags.ts'

const depths = { safeDepth: 32n, finalizedDepth: 64n }

describe('resolveTagNumber', () => {
  test('latest is the head, earliest 0, pending head + 1', () => {
    expect(resolveTagNumber('latest', 100n, depths)).toBe(100n)
    expect(resolveTagNumber('earliest', 100n, depths)).toBe(0n)
    expect(resolveTagNumber('pending', 100n, depths)).toBe(101n)
  })

  test('safe and finalized trail the head by their depths', () => {
    expect(resolveTagNumber('safe', 100n, depths)).toBe(68n)
    expect(resolveTagNumber('finalized', 100n, depths)).toBe(36n)
  })

  test('safe and finalized clamp at genesis on a young chain', () => {
    expect(resolveTagNumber('safe', 10n, depths)).toBe(0n)
    expect(resolveTagNumber('finalized', 63n, depths)).toBe(0n)
  })

  test('configured depths are honoured', () => {
    expect(resolveTagNumber('finalized', 10n, { safeDepth: 1n, finalizedDepth: 2n })).toBe(8n)
  })
})
