import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { WsClient } from '../helpers/wsClient.ts'

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }, { name: 'prague', hardfork: 'prague' }])
let server: DevServer
let url: string
test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
})

const spare = '0x00000000000000000000000000000000000000aa'
const alice = devAccount(0).address
const TEN_THOUSAND_ETH = hex(10_000n * 10n ** 18n)

describe('valid params', () => {
  test('a network comes back at the hardfork it runs', async () => {
    const prague = server.networks.prague!.url
    await rpc(prague, 'evm_mine')
    await rpc(prague, 'anvil_reset')
    expect((await rpc(prague, 'anvil_nodeInfo')).hardFork).toBe('Prague')
    expect((await rpc(prague, 'eth_config')).current.precompiles.P256VERIFY).toBeUndefined()
  })

  test('back to the genesis block with the first state; every setting back to the configuration', async () => {
    const genesis = await rpc(url, 'eth_getBlockByNumber', ['0x0', false])
    const instanceId = (await rpc(url, 'anvil_metadata')).instanceId
    await deployEmitterViaRpc(url)
    const mined = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    await rpc(url, 'anvil_setBalance', [spare, '0x1'])
    const snapshot = await rpc(url, 'evm_snapshot')
    await rpc(url, 'evm_setBlockGasLimit', ['0x1000000'])
    await rpc(url, 'anvil_setCoinbase', [spare])
    await rpc(url, 'anvil_setBlockTimestampInterval', [100])
    await rpc(url, 'evm_setAutomine', [false])
    await send(url, { from: alice, to: spare, value: '0x1' })

    expect(await rpc(url, 'anvil_reset')).toBeNull()
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x0')
    expect(await rpc(url, 'eth_getBlockByNumber', ['latest', false])).toEqual(genesis)
    expect(await rpc(url, 'eth_getBalance', [alice, 'latest'])).toBe(TEN_THOUSAND_ETH)
    expect(await rpc(url, 'eth_getBalance', [spare, 'latest'])).toBe('0x0')
    expect(await rpc(url, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' })
    expect(await rpc(url, 'eth_getBlockByHash', [mined.hash, false])).toBeNull()
    expect(await rpc(url, 'evm_revert', [snapshot])).toBe(false)
    expect((await rpc(url, 'anvil_metadata')).instanceId).not.toBe(instanceId)
    expect(await rpc(url, 'anvil_getAutomine')).toBe(true)
    expect(await rpc(url, 'eth_coinbase')).toBe('0x0000000000000000000000000000000000000000')
    expect(await rpc(url, 'anvil_removeBlockTimestampInterval')).toBe(false)

    await send(url, { from: alice, to: spare, value: '0x1' })
    const next = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    expect(next).toMatchObject({ number: '0x1', parentHash: genesis.hash, gasLimit: hex(30_000_000), miner: '0x0000000000000000000000000000000000000000' })
    expect(await rpc(url, 'eth_getTransactionCount', [alice, 'latest'])).toBe('0x1')
  })

  test("viem's form, {forking: {blockNumber: null}} with no URL, resets the network; hardhat_reset answers true", async () => {
    await rpc(url, 'anvil_mine', ['0x3'])
    expect(await rpc(url, 'anvil_reset', [{ forking: { blockNumber: null } }])).toBeNull()
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x0')
    await rpc(url, 'anvil_mine', ['0x2'])
    expect(await rpc(url, 'hardhat_reset', [{}])).toBe(true)
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x0')
  })

  test('a configured mining mode comes back: manual stays manual after automine was turned on', async () => {
    const manual = server.networks.manual!.url
    await rpc(manual, 'evm_setAutomine', [true])
    await rpc(manual, 'anvil_reset')
    expect(await rpc(manual, 'anvil_getAutomine')).toBe(false)
  })

  test('filters and subscriptions are told as by a reorg back to genesis: every log removed', async () => {
    const contract = await deployEmitterViaRpc(url)
    const filter = await rpc(url, 'eth_newFilter', [{ address: contract }])
    const ws = await WsClient.open(server.wsUrl)
    const subscription = await ws.subscribe('logs', { address: contract })
    await send(url, { from: alice, to: contract, data: emitterCall('emitMany', [3n]) })
    const logs = await rpc(url, 'eth_getFilterChanges', [filter])
    await rpc(url, 'anvil_reset')
    const removed = logs.map((log: object) => ({ ...log, removed: true }))
    expect(await rpc(url, 'eth_getFilterChanges', [filter])).toEqual(removed)
    await ws.settle()
    expect(ws.notified(subscription)).toEqual([...logs, ...removed])
    expect(await rpc(url, 'eth_getLogs', [{ fromBlock: '0x0' }])).toEqual([])
    ws.socket.close()
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a URL to fork → -32602', [{ forking: { jsonRpcUrl: 'http://127.0.0.1:1' } }], /invalid argument 0: forking another chain is not supported/],
    [
      'a fork block number on a network that is not a fork → -32602',
      [{ forking: { blockNumber: 5 } }],
      /invalid argument 0: a fork block number needs a forked chain/,
    ],
    ['forking options that are not an object → -32602', [{ forking: 'mainnet' }], /invalid argument 0: forking: expected object/],
    ['a string → -32602', ['now'], /invalid argument 0: expected object/],
    ['two arguments → -32602', [{}, {}], /too many arguments for anvil_reset/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const head = await rpc<Hex>(url, 'eth_blockNumber')
      const error = await rpcError(url, 'anvil_reset', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
      expect(await rpc(url, 'eth_blockNumber')).toBe(head)
    })
  }
})
