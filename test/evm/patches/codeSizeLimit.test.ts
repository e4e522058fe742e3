import { createVM } from '@ethereumjs/vm'
import { createLegacyTx } from '@ethereumjs/tx'
import { expect, test } from 'vitest'
import { createDevCommon, UNLIMITED_CODE_SIZE, withCodeSizeLimit } from '../../../src/evm/index.ts'

// src/evm/patches/codeSizeLimit.ts: a chain's own EIP-170 and EIP-3860 limits survive what ethereumjs does to a Common
// (each VM, EVM and transaction merges its params tables into it, rebuilding the params cache).
const WHY = 'ethereumjs no longer reads the code size limits from Common params: src/evm/patches/codeSizeLimit.ts must change'

test('the limit holds after a VM and a transaction merge their params, and on copies', async () => {
  const common = withCodeSizeLimit(createDevCommon(31337n, 'dev'), 40_000)
  const vm = await createVM({ common })
  expect(vm.evm.common.param('maxCodeSize'), WHY).toBe(40_000n)
  expect(vm.evm.common.param('maxInitCodeSize'), WHY).toBe(80_000n)
  const tx = createLegacyTx({ data: new Uint8Array(60_000), gasLimit: 16_000_000n }, { common })
  expect(tx.common.param('maxInitCodeSize'), WHY).toBe(80_000n)
  expect(common.copy().param('maxCodeSize')).toBe(40_000n)
})

test('unlimited lifts both; a Common without a limit keeps the built-in ones', async () => {
  const unlimited = (await createVM({ common: withCodeSizeLimit(createDevCommon(31337n, 'dev'), UNLIMITED_CODE_SIZE) })).evm.common
  expect(unlimited.param('maxInitCodeSize')).toBe(BigInt(UNLIMITED_CODE_SIZE))
  const plain = (await createVM({ common: createDevCommon(31337n, 'dev') })).evm.common
  expect([plain.param('maxCodeSize'), plain.param('maxInitCodeSize')]).toEqual([24_576n, 49_152n])
})
