import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }, { name: 'interval', mining: { intervalMs: 60_000 } }])
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('each network answers its configured mode', async () => {
    expect(await rpc(server.url, 'anvil_getAutomine')).toBe(true)
    expect(await rpc(server.networks.manual!.url, 'anvil_getAutomine')).toBe(false)
    expect(await rpc(server.networks.interval!.url, 'anvil_getAutomine')).toBe(false)
  })

  test('follows evm_setAutomine; hardhat_getAutomine answers the same', async () => {
    const url = server.networks.manual!.url
    await rpc(url, 'evm_setAutomine', [true])
    expect(await rpc(url, 'anvil_getAutomine')).toBe(true)
    expect(await rpc(url, 'hardhat_getAutomine')).toBe(true)
    await rpc(url, 'evm_setAutomine', [false])
    expect(await rpc(url, 'hardhat_getAutomine')).toBe(false)
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'anvil_getAutomine', [true])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for anvil_getAutomine/),
    })
  })
})
