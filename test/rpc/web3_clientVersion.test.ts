import { readFileSync } from 'node:fs'
import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('chainsim/v<package version>/node<node version>', async () => {
    expect(await rpc(server.url, 'web3_clientVersion')).toBe(`chainsim/v${version}/node${process.versions.node}`)
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(server.url, 'web3_clientVersion', [null])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/too many arguments for web3_clientVersion/),
    })
  })
})
