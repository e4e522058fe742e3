import { describe, expect } from 'vitest'
import type { DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

describe('valid params', () => {
  test("Anvil's fields and types: client, chain, instance, head, no fork, snapshots", async () => {
    await rpc(url, 'evm_mine')
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const metadata = await rpc(url, 'anvil_metadata')
    expect(metadata).toEqual({
      clientVersion: await rpc(url, 'web3_clientVersion'),
      clientSemver: expect.stringMatching(/^\d+\.\d+\.\d+/),
      chainId: 31337,
      instanceId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      latestBlockNumber: Number(head.number),
      latestBlockHash: head.hash,
      forkedNetwork: null,
      snapshots: {},
    })
  })

  test('snapshots are listed by id with the block each goes back to; a revert forgets them', async () => {
    const first = await rpc(url, 'evm_snapshot')
    const at = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    await rpc(url, 'evm_mine')
    const second = await rpc(url, 'evm_snapshot')
    const later = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    expect((await rpc(url, 'anvil_metadata')).snapshots).toEqual({
      [first]: [Number(at.number), at.hash],
      [second]: [Number(later.number), later.hash],
    })
    await rpc(url, 'evm_revert', [first])
    expect((await rpc(url, 'anvil_metadata')).snapshots).toEqual({})
  })

  test('the instance id stays while the chain does; hardhat_metadata answers the same (as Anvil)', async () => {
    const { instanceId } = await rpc(url, 'anvil_metadata')
    await rpc(url, 'evm_mine')
    expect((await rpc(url, 'anvil_metadata')).instanceId).toBe(instanceId)
    expect(await rpc(url, 'hardhat_metadata')).toEqual(await rpc(url, 'anvil_metadata'))
  })
})

describe('invalid params', () => {
  test('any argument → -32602 too many arguments', async () => {
    expect(await rpcError(url, 'anvil_metadata', [1])).toMatchObject({ code: -32602, message: expect.stringMatching(/too many arguments/) })
  })
})
