import { getAddress } from 'viem'
import { describe, expect } from 'vitest'
import { devAccount, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { EventEmitter } from '../../src/contracts/index.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const GWEI = 10n ** 9n
const test = rpcTestWith([{ mining: { auto: false } }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

describe('valid params', () => {
  test("geth's one-line summaries by checksummed sender and nonce, pending and queued", async () => {
    const [alice, bob] = [devAccount(0).address, devAccount(1).address]
    await send(url, { from: alice, to: bob, value: '0x2a', gas: hex(21_000), maxFeePerGas: hex(3n * GWEI), maxPriorityFeePerGas: hex(GWEI) })
    await send(url, { from: alice, data: EventEmitter.bytecode, gas: hex(500_000), gasPrice: hex(2n * GWEI) })
    await send(url, { from: bob, to: alice, nonce: '0x3', gas: hex(21_000), gasPrice: hex(GWEI) })
    expect(await rpc(url, 'txpool_inspect')).toEqual({
      pending: {
        [getAddress(alice)]: {
          '0': `${getAddress(bob)}: 42 wei + 21000 gas × ${3n * GWEI} wei`,
          '1': `contract creation: 0 wei + 500000 gas × ${2n * GWEI} wei`,
        },
      },
      queued: { [getAddress(bob)]: { '3': `${getAddress(alice)}: 0 wei + 21000 gas × ${GWEI} wei` } },
    })
  })

  test('an empty pool → empty pending and queued', async () => {
    await rpc(url, 'anvil_dropAllTransactions')
    expect(await rpc(url, 'txpool_inspect')).toEqual({ pending: {}, queued: {} })
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(url, 'txpool_inspect', ['pending'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for txpool_inspect/),
    })
  })
})
