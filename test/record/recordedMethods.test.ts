import { expect, test } from 'vitest'
import { RECORDED_METHODS } from '../../src/record/recordedMethods.ts'
import { METHODS } from '../../src/rpc/registry.ts'

// A recording records the methods declared `writes`; one that missed a method that writes would play to other
// hashes. So every method of the kinds that write is declared so.
const WRITES =
  /^(eth_send|evm_|sim_reorg|anvil_(set|mine|reorg|rollback|reset|loadState|drop|impersonate|stopImpersonating|removeBlockTimestampInterval)|hardhat_(set|mine|reset|drop|impersonate|stopImpersonating))/
/**
 * What those names hold that changes no block: logging, a method every EIP-1559 chain refuses, and a fork's
 * upstream swapped for another URL of the same chain.
 */
const CHANGES_NO_BLOCK = new Set(['anvil_setLoggingEnabled', 'hardhat_setLoggingEnabled', 'anvil_setMinGasPrice', 'hardhat_setMinGasPrice', 'anvil_setRpcUrl'])

test('every method of the kinds that write is declared `writes`, and recorded', () => {
  const writes = METHODS.map((method) => method.name as string).filter((method) => WRITES.test(method) && !CHANGES_NO_BLOCK.has(method))
  expect(writes.length).toBeGreaterThan(35)
  for (const method of writes) expect(Object.keys(RECORDED_METHODS), method).toContain(method)
  expect(RECORDED_METHODS['evm_setIntervalMining']).toEqual({ as: 'nothing' })
})
