import { expect, test } from 'vitest'
import { createKnownChainCommon, ExecutionEngine } from '../../src/evm/index.ts'

// A replay of a public chain runs each block under the rules it ran under there: the chain's own fork schedule.
test('mainnet, Sepolia, Holesky and Hoodi are known by chain id; their blocks take the fork their time selects', async () => {
  for (const chainId of [1n, 11155111n, 17000n, 560048n]) expect(createKnownChainCommon(chainId)?.chainId()).toBe(chainId)
  expect(createKnownChainCommon(1337n)).toBeUndefined()
  const engine = await ExecutionEngine.create(createKnownChainCommon(1n)!, { followForks: true })
  // Mainnet: Cancun from 1710338135, Prague from 1746612311, Osaka from 1764798551.
  expect(engine.rulesAt(21_000_000n, 1_730_000_000n).hardfork()).toBe('cancun')
  expect(engine.rulesAt(22_500_000n, 1_750_000_000n).hardfork()).toBe('prague')
  expect(engine.rulesAt(23_950_000n, 1_764_800_000n).hardfork()).toBe('osaka')
})
