import { Bloom } from '@ethereumjs/vm'
import { expect, test } from 'vitest'
import * as library from '../../../src/index.ts'
import { interpreterModule } from '../../../src/evm/patches/jumpAnalysisCache.ts'

// Importing chainsim changes nothing of @ethereumjs for anyone else in the process: the two prototype patches
// (patches/fastBloom.ts, patches/jumpAnalysisCache.ts) are installed when chainsim builds its first engine, and
// even then take their own path only for chainsim's own blooms and EVMs.
test('importing chainsim patches no @ethereumjs prototype; building a node installs the gated patches', async () => {
  expect(typeof library.createNode).toBe('function')
  const { Interpreter } = await interpreterModule()
  const analysis = Interpreter.prototype._getValidJumpDestinations
  const add = Bloom.prototype.add
  expect(add.toString(), "Bloom.prototype.add is not the library's own after importing chainsim").toContain('keccakFunction')
  expect(analysis.toString(), "the interpreter's jump analysis is not the library's own after importing chainsim").toContain('opcodesCached')
  const node = await library.createNode()
  expect(Bloom.prototype.add).not.toBe(add)
  expect(Interpreter.prototype._getValidJumpDestinations).not.toBe(analysis)
  await node.close()
})
