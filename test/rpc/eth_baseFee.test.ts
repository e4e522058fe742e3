import { describe, expect } from 'vitest'
import { devAccount, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

const minedBaseFee = async () => {
  await rpc(server.url, 'evm_mine')
  return (await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])).baseFeePerGas
}

describe('valid params', () => {
  test('the base fee the next mined block carries, block after block as it falls over empty blocks', async () => {
    const answers: string[] = []
    for (let i = 0; i < 3; i++) {
      const answer = await rpc(server.url, 'eth_baseFee')
      answers.push(answer)
      expect(await minedBaseFee()).toBe(answer)
    }
    // Empty blocks lower the base fee (EIP-1559): a stale or constant answer would not follow it.
    expect(BigInt(answers[2]!)).toBeLessThan(BigInt(answers[0]!))
  })

  test("is the pending block's base fee, and rises after a block fuller than its target", async () => {
    expect(await rpc(server.url, 'eth_baseFee')).toBe((await rpc(server.url, 'eth_getBlockByNumber', ['pending', false])).baseFeePerGas)
    await rpc(server.url, 'evm_setBlockGasLimit', [hex(42_000)])
    const from = devAccount(0).address
    await send(server.url, { from, to: devAccount(1).address, value: '0x1', gas: hex(21_000) })
    await send(server.url, { from, to: devAccount(1).address, value: '0x1', gas: hex(21_000) })
    const beforeFull = await rpc(server.url, 'eth_baseFee')
    expect(await minedBaseFee()).toBe(beforeFull)
    const afterFull = await rpc(server.url, 'eth_baseFee')
    expect(BigInt(afterFull)).toBeGreaterThan(BigInt(beforeFull))
    expect(await minedBaseFee()).toBe(afterFull)
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'eth_baseFee', ['latest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for eth_baseFee/),
    })
  })
})
