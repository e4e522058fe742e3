import { expect, test } from 'vitest'
import { RECORDED_METHODS } from '../../src/record/recordedMethods.ts'
import { METHODS } from '../../src/rpc/registry.ts'

// A recording records the methods declared `writes` (test/rpc/declaredWrites.test.ts holds that every other method
// leaves the network as it was), each as its declaration says.

test('how a call is recorded is read from its declaration: sent unless it says otherwise', () => {
  for (const method of METHODS) {
    if (method.recorded) expect(method.writes, `${method.name} says how it is recorded: it must be declared writes`).toBe(true)
  }
  expect(RECORDED_METHODS['anvil_setBalance']).toEqual({ as: 'sent' })
  expect(RECORDED_METHODS['anvil_setIntervalMining']).toMatchObject({ as: 'call', method: 'evm_setAutomine' })
  expect(RECORDED_METHODS['evm_setIntervalMining']).toEqual({ as: 'nothing' })
  for (const method of ['eth_sendRawTransaction', 'evm_mine', 'sim_reorg', 'anvil_setBalance', 'hardhat_setBalance', 'anvil_reset']) {
    expect(Object.keys(RECORDED_METHODS)).toContain(method)
  }
  expect(RECORDED_METHODS['eth_getBalance']).toBeUndefined()
})

test('a played recording expects the answers of the sends and of evm_snapshot and evm_revert, under those names only', () => {
  const checked = Object.entries(RECORDED_METHODS)
    .filter(([, recording]) => recording.as === 'sent' && recording.answerChecked)
    .map(([name]) => name)
  expect(checked.sort()).toEqual(['eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sendUnsignedTransaction', 'evm_revert', 'evm_snapshot'])
  expect(RECORDED_METHODS['anvil_snapshot']).toEqual({ as: 'sent' })
})
