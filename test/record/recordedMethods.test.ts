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

test('how a call is recorded is read from its declaration: sent unless it says otherwise', () => {
  for (const method of METHODS) {
    if (method.recorded) expect(method.writes, `${method.name} says how it is recorded: it must be declared writes`).toBe(true)
  }
  expect(RECORDED_METHODS['anvil_setBalance']).toEqual({ as: 'sent' })
  expect(RECORDED_METHODS['anvil_setIntervalMining']).toMatchObject({ as: 'call', method: 'evm_setAutomine' })
  expect(RECORDED_METHODS['eth_getBalance']).toBeUndefined()
})

test('a played recording expects the answers of the sends and of evm_snapshot and evm_revert, under those names only', () => {
  const checked = Object.entries(RECORDED_METHODS)
    .filter(([, recording]) => recording.as === 'sent' && recording.answerChecked)
    .map(([name]) => name)
  expect(checked.sort()).toEqual(['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sendUnsignedTransaction', 'evm_revert', 'evm_snapshot'])
  expect(RECORDED_METHODS['anvil_snapshot']).toEqual({ as: 'sent' })
})
