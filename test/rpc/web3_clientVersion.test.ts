import { readFileSync } from 'node:fs'
import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'
import { startChainsim } from '../../src/testing/index.ts'

const { version, devDependencies } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
  devDependencies: Record<string, string>
}

const test = rpcTest
let server: DevServer
test.beforeAll(async ({ server: started }) => {
  server = started
})

describe('valid params', () => {
  test('anvil/v<the Anvil it is held to>/chainsim/v<package version>/node<node version>', async () => {
    const anvil = devDependencies['@foundry-rs/anvil']
    expect(await rpc(server.url, 'web3_clientVersion')).toBe(`anvil/v${anvil}/chainsim/v${version}/node${process.versions.node}`)
  })

  test('hardhat-network-helpers and hardhat-predeploy accept it: their check, as they write it', async () => {
    const answer = (await rpc<string>(server.url, 'web3_clientVersion')).toLowerCase()
    expect(['hardhatnetwork', 'zksync', 'anvil'].some((prefix) => answer.startsWith(prefix))).toBe(true)
  })

  test('configured: startChainsim({ clientVersion }) and the config key', async () => {
    for (const options of [{ clientVersion: 'HardhatNetwork/2.29.0/chainsim' }, { config: { clientVersion: 'HardhatNetwork/2.29.0/chainsim' } }]) {
      const chainsim = await startChainsim(options)
      try {
        expect(await rpc(chainsim.url, 'web3_clientVersion')).toBe('HardhatNetwork/2.29.0/chainsim')
      } finally {
        await chainsim.close()
      }
    }
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
