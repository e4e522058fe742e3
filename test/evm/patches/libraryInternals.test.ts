import { describe, expect, test } from 'vitest'
import { evmInterpreter, vmRequests, vmRunBlock } from '../../../src/evm/patches/libraryInternals.ts'

// What chainsim takes from @ethereumjs files its packages do not export; each expectation names what an upgrade broke.
describe('patch: modules of @ethereumjs loaded by file (src/evm/patches/libraryInternals.ts)', () => {
  test("@ethereumjs/vm's runBlock.js still has the pre-block system calls", async () => {
    const runBlock = await vmRunBlock()
    expect(typeof runBlock.accumulateParentBeaconBlockRoot, 'runBlock.js: accumulateParentBeaconBlockRoot is gone').toBe('function')
    expect(typeof runBlock.accumulateParentBlockHash, 'runBlock.js: accumulateParentBlockHash is gone').toBe('function')
  })

  test("@ethereumjs/vm's requests.js still accumulates EIP-7685 requests", async () => {
    expect(typeof (await vmRequests()).accumulateRequests, 'requests.js: accumulateRequests is gone').toBe('function')
  })

  test("@ethereumjs/evm's interpreter.js still exports the Interpreter class", async () => {
    expect(typeof (await evmInterpreter()).Interpreter, 'interpreter.js: Interpreter is gone').toBe('function')
  })
})
