import { createVM } from '@ethereumjs/vm'
import { describe, expect, test } from 'vitest'
import { ChainsimToken } from '../../../src/contracts/index.ts'
import { createDevCommon } from '../../../src/evm/index.ts'
import { installJumpAnalysisCache, interpreterModule, withJumpAnalysisCache } from '../../../src/evm/patches/jumpAnalysisCache.ts'
import { hexToBytes } from 'viem'
import { expectEach } from '../../helpers/expectEach.ts'

// What the patch assumes of @ethereumjs/evm's interpreter; each expectation names what an upgrade changed.
const runtime = hexToBytes(ChainsimToken.deployedBytecode)

type Analysis = { jumps: Uint8Array; pushes: Record<number, bigint>; opcodesCached: unknown[] }

/** An interpreter-shaped receiver for the analysis, over `evm`. */
const receiverFor = async (evm: object) => {
  const { Interpreter } = await interpreterModule()
  return Object.assign(Object.create(Interpreter.prototype), { _evm: evm, common: (evm as { common: unknown }).common }) as {
    _getValidJumpDestinations(code: Uint8Array): Analysis
  }
}

describe('patch: the jump analysis kept per code (src/evm/patches/jumpAnalysisCache.ts)', () => {
  test("@ethereumjs/evm's interpreter module loads by path and analyses code into {jumps, pushes, opcodesCached}", async () => {
    const { Interpreter } = await interpreterModule()
    expect(typeof Interpreter, '@ethereumjs/evm no longer has dist/esm/interpreter.js exporting Interpreter').toBe('function')
    expect(typeof Interpreter.prototype._getValidJumpDestinations, 'Interpreter._getValidJumpDestinations is gone').toBe('function')
    const vm = await createVM({ common: createDevCommon(31337n, 'patch') })
    const analysis = (await receiverFor(vm.evm))._getValidJumpDestinations(runtime)
    expect(analysis.jumps, 'the analysis no longer returns `jumps` as a byte per code byte').toBeInstanceOf(Uint8Array)
    expect(analysis.jumps.length).toBe(runtime.length)
    expect(Array.isArray(analysis.opcodesCached), 'the analysis no longer returns `opcodesCached`').toBe(true)
    expect(typeof analysis.pushes, 'the analysis no longer returns `pushes`').toBe('object')
    expectEach(Object.values(analysis.pushes), (value, label) => expect(typeof value, label).toBe('bigint'))
  })

  test('a registered EVM gets one analysis per code object, equal to the original; any other EVM is left to the original', async () => {
    await installJumpAnalysisCache()
    const common = createDevCommon(31337n, 'patch')
    const registered = await withJumpAnalysisCache(await createVM({ common }))
    const other = await createVM({ common: common.copy() })
    const mine = await receiverFor(registered.evm)
    const theirs = await receiverFor(other.evm)
    const first = mine._getValidJumpDestinations(runtime)
    expect(mine._getValidJumpDestinations(runtime)).toBe(first)
    const original = theirs._getValidJumpDestinations(runtime)
    expect(theirs._getValidJumpDestinations(runtime)).not.toBe(original)
    expect(first).toEqual(original)
    // Another code object, even with the same bytes, is analysed on its own.
    expect(mine._getValidJumpDestinations(runtime.slice())).not.toBe(first)
  })
})
