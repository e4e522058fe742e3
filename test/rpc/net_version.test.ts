import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([
  { name: 'dev', chainId: 31337 },
  { name: 'other', chainId: 11155111 },
])
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('the network id as a decimal string, equal to the chain id', async () => {
    expect(await rpc(server.url, 'net_version')).toBe('31337')
  })

  test('each network answers with its own id', async () => {
    expect(await rpc(server.networks.other!.url, 'net_version')).toBe('11155111')
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'net_version', ['x'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for net_version/),
    })
  })
})
