import { describe, expect, test } from 'vitest'
import { bytesToBigInt, setLengthLeft } from '../../src/evm/index.ts'
import { ChainNode } from '../../src/node.ts'

const someone = new Uint8Array(20).fill(0x42)

describe('state set directly on the head (anvil_setBalance and friends)', () => {
  test('a set balance is read at once, without a block, and carried into the next block', async () => {
    const node = await ChainNode.create()
    const head = node.head.hashKey
    await node.setAccountState([{ address: someone, balance: 123n }])
    expect(node.head.hashKey).toBe(head)
    expect(await node.execution.stateAt(node.head).getBalance(someone)).toBe(123n)
    await node.mine(1)
    expect(await node.execution.stateAt(node.head).getBalance(someone)).toBe(123n)
    // The block before keeps its own state.
    expect(await node.execution.stateAt(node.chain.blockByHash(head)!).getBalance(someone)).toBe(0n)
    await node.close()
  })

  test('a funded account can send: admission and the block see the new balance', async () => {
    const node = await ChainNode.create({ accountBalance: 0n, accountCount: 2 })
    await expect(node.sendTransaction({ from: node.accounts[0]!.address, to: someone, value: 1n, gas: 21_000n })).rejects.toThrow(/insufficient funds/)
    await node.setAccountState([{ address: node.accounts[0]!.address, balance: 10n ** 18n }])
    await node.sendTransaction({ from: node.accounts[0]!.address, to: someone, value: 5n, gas: 21_000n })
    expect(await node.execution.stateAt(node.head).getBalance(someone)).toBe(5n)
    await node.close()
  })

  test('set code and storage are what a call sees', async () => {
    const node = await ChainNode.create()
    // Returns storage slot 0: PUSH1 0 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN
    const code = Uint8Array.from(Buffer.from('60005460005260206000f3', 'hex'))
    await node.setAccountState([{ address: someone, code, storage: [[new Uint8Array(32), setLengthLeft(Uint8Array.of(7), 32)]] }])
    const result = await node.execution.call({ from: node.accounts[0]!.address, to: someone }, node.head)
    expect(result.success).toBe(true)
    expect(bytesToBigInt(result.returnValue)).toBe(7n)
    expect(await node.execution.stateAt(node.head).getCode(someone)).toEqual(code)
    await node.close()
  })

  test('a set nonce makes the old nonce too low', async () => {
    const node = await ChainNode.create()
    const sender = node.accounts[0]!.address
    await node.setAccountState([{ address: sender, nonce: 5n }])
    expect(await node.pendingNonce(sender)).toBe(5n)
    await node.sendTransaction({ from: sender, to: someone, value: 1n })
    expect(await node.execution.stateAt(node.head).getNonce(sender)).toBe(6n)
    await node.close()
  })

  test('evm_revert restores the state set before the snapshot and forgets what came after', async () => {
    const node = await ChainNode.create()
    await node.setAccountState([{ address: someone, balance: 1n }])
    const id = await node.reorgs.snapshot()
    await node.setAccountState([{ address: someone, balance: 2n }])
    expect(await node.execution.stateAt(node.head).getBalance(someone)).toBe(2n)
    await node.reorgs.revert(id)
    expect(await node.execution.stateAt(node.head).getBalance(someone)).toBe(1n)
    await node.close()
  })
})
