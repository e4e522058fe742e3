import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { createBlock } from '@ethereumjs/block'
import { createVM } from '@ethereumjs/vm'
import { describe, expect, test } from 'vitest'
import { createDevCommon } from '../../../src/evm/index.ts'
import { FastCommon } from '../../../src/evm/patches/fastCommon.ts'
import { hashOnlyBlockchain } from '../../../src/evm/patches/hashOnlyBlockchain.ts'
import { sharedCommonFor } from '../../../src/evm/patches/sharedCommon.ts'

describe('patch: Common internals (patches/fastCommon.ts, patches/sharedCommon.ts)', () => {
  test('the active EIPs are still listed in `_activatedEIPsCache`, and the fast lookup answers as the library', () => {
    for (const hardfork of [Hardfork.London, Hardfork.Cancun, Hardfork.Prague]) {
      const common = new Common({ chain: Mainnet, hardfork })
      const list = (common as unknown as { _activatedEIPsCache?: unknown })._activatedEIPsCache
      expect(Array.isArray(list), 'Common._activatedEIPsCache is gone (patches/fastCommon.ts reads it)').toBe(true)
      const fast = Object.setPrototypeOf(common.copy(), FastCommon.prototype) as FastCommon
      for (let eip = 1; eip < 8000; eip++) expect(fast.isActivatedEIP(eip), `EIP-${eip} at ${hardfork}`).toBe(common.isActivatedEIP(eip))
    }
  })

  test('a shared Common is one object per Common and hardfork, and builds the same headers', () => {
    const common = createDevCommon(31337n, 'shared')
    const shared = sharedCommonFor(common)
    expect(sharedCommonFor(common)).toBe(shared)
    expect(shared.copy(), 'Common.copy() is no longer what a header or transaction copies its Common with').toBe(shared)
    const header = { number: 1n, gasLimit: 30_000_000n, timestamp: 1n, baseFeePerGas: 7n }
    expect(createBlock({ header }, { common: shared }).hash()).toEqual(createBlock({ header }, { common }).hash())
  })
})

describe('patch: the blockchain that answers BLOCKHASH alone (patches/hashOnlyBlockchain.ts)', () => {
  test("BLOCKHASH reads an ancestor's hash through getBlock(number).hash()", async () => {
    const common = createDevCommon(31337n, 'blockhash')
    const asked: bigint[] = []
    const vm = await createVM({
      common,
      blockchain: hashOnlyBlockchain(async (n) => {
        asked.push(n)
        return new Uint8Array(32).fill(Number(n) + 1)
      }),
    })
    // PUSH1 3, BLOCKHASH, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN
    const code = Uint8Array.from([0x60, 0x03, 0x40, 0x60, 0x00, 0x52, 0x60, 0x20, 0x60, 0x00, 0xf3])
    const block = createBlock({ header: { number: 10n } }, { common })
    const result = await vm.evm.runCode!({ code, gasLimit: 100_000n, block })
    expect(result.exceptionError, 'the code did not run').toBeUndefined()
    expect(asked).toEqual([3n])
    expect(result.returnValue).toEqual(new Uint8Array(32).fill(4))
  })
})
