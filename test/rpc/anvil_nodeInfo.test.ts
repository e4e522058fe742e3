import { describe, expect } from 'vitest'
import { hex, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const GWEI = 10n ** 9n
const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

describe('valid params', () => {
  test("Anvil's fields and types: the head, the fork, the pool order, the next block's environment", async () => {
    await rpc(url, 'evm_mine')
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const nextBaseFee = BigInt(await rpc(url, 'eth_baseFee'))
    expect(await rpc(url, 'anvil_nodeInfo')).toEqual({
      currentBlockNumber: head.number,
      currentBlockTimestamp: Number(head.timestamp),
      currentBlockHash: head.hash,
      // Anvil 1.7.1 started with --hardfork bpo2 (the rules chainsim's default `latest` names) answers `Bpo2`.
      hardFork: 'Bpo2',
      transactionOrder: 'fees',
      environment: { baseFee: hex(nextBaseFee), chainId: 31337, gasLimit: hex(30_000_000), gasPrice: hex(nextBaseFee + GWEI) },
      forkConfig: { forkUrl: null, forkBlockNumber: null, forkRetryBackoff: null },
    })
  })

  test('the environment follows the test-client settings', async () => {
    await rpc(url, 'evm_setBlockGasLimit', [hex(12_345_678)])
    await rpc(url, 'anvil_setNextBlockBaseFeePerGas', [hex(3n * GWEI)])
    expect((await rpc(url, 'anvil_nodeInfo')).environment).toMatchObject({
      baseFee: hex(3n * GWEI),
      gasLimit: hex(12_345_678),
      gasPrice: await rpc(url, 'eth_gasPrice'),
    })
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(url, 'anvil_nodeInfo', [{}])).toMatchObject({ code: -32602, message: expect.stringMatching(/too many arguments/) })
  })
})
