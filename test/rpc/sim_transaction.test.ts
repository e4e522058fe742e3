import { encodeFunctionData, getAddress } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, send, tokenCall } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { expectEach } from '../helpers/expectEach.ts'
import { consoleDemo } from '../helpers/consoleContract.ts'

const test = rpcTestWith([{ mining: { auto: false } }])

let token: `0x${string}`
let emitter: `0x${string}`
test.beforeAll(async ({ server }) => {
  token = (await deployTokenViaRpc(server.url, { mine: true })) as `0x${string}`
  emitter = (await deployEmitterViaRpc(server.url, { mine: true })) as `0x${string}`
})

async function mined(url: string, tx: Parameters<typeof send>[1]): Promise<{ blockHash: string; hash: string; index: number }> {
  const hash = await send(url, tx)
  await rpc(url, 'evm_mine')
  const receipt = await rpc(url, 'eth_getTransactionReceipt', [hash])
  return { hash, blockHash: receipt.blockHash, index: Number(receipt.transactionIndex) }
}

describe('valid params', () => {
  test('the transaction as eth_getTransactionByHash has it, its logs as eth_getLogs has them, decoded', async ({ server }) => {
    const bob = devAccount(1).address
    const { hash, blockHash } = await mined(server.url, { from: devAccount(0).address, to: token, data: tokenCall('transfer', [bob, 7n]) })
    const tx = await rpc(server.url, 'sim_transaction', [{ blockHash, index: 0 }])
    expect(tx.transaction).toEqual(await rpc(server.url, 'eth_getTransactionByHash', [hash]))
    expect(tx).toMatchObject({ canonical: true, status: '0x1', logCount: 1, failure: null, next: null })
    expect(tx.call.name).toBe('transfer')
    const { decoded, ...wire } = tx.logs[0]
    expect(wire).toEqual((await rpc(server.url, 'eth_getLogs', [{ blockHash }]))[0])
    expect(decoded).toMatchObject({ abi: 'ChainsimToken', name: 'Transfer', signature: 'Transfer(address,address,uint256)' })
    expect(decoded.args).toEqual([
      { name: 'from', type: 'address', value: devAccount(0).address, indexed: true },
      { name: 'to', type: 'address', value: bob, indexed: true },
      { name: 'value', type: 'uint256', value: '7' },
    ])
  })

  test('what the transaction printed with console.log, while the network captures it, a reverted one too', async ({ server }) => {
    const { abi, bytecode } = consoleDemo()
    const from = devAccount(4).address
    const quiet = await mined(server.url, { from, data: bytecode, gas: '0x989680' })
    expect((await rpc(server.url, 'sim_transaction', [{ blockHash: quiet.blockHash, index: quiet.index }])).console).toEqual([])
    const stop = server.node.console.subscribe(() => {})
    try {
      const deployed = await mined(server.url, { from, data: bytecode, gas: '0x989680' })
      expect((await rpc(server.url, 'sim_transaction', [{ blockHash: deployed.blockHash, index: deployed.index }])).console).toEqual([
        `deployed by ${getAddress(from)}`,
      ])
      const { contractAddress } = await rpc(server.url, 'eth_getTransactionReceipt', [deployed.hash])
      const failed = await mined(server.url, { from, to: contractAddress, data: encodeFunctionData({ abi, functionName: 'fail' }), gas: '0x186a0' })
      expect(await rpc(server.url, 'sim_transaction', [{ blockHash: failed.blockHash, index: failed.index }])).toMatchObject({
        status: '0x0',
        console: ['before revert 1'],
      })
    } finally {
      stop()
    }
  })

  test("an orphaned block's logs come removed: true, as filters were told", async ({ server }) => {
    const { blockHash } = await mined(server.url, { from: devAccount(2).address, to: emitter, data: emitterCall('emitMany', [3n]) })
    await rpc(server.url, 'sim_reorg', [{ depth: 1, reinclude: 'none' }])
    const tx = await rpc(server.url, 'sim_transaction', [{ blockHash, index: 0 }])
    expect(tx.canonical).toBe(false)
    expect(tx.logs).toHaveLength(3)
    expectEach(tx.logs as Array<{ removed: boolean; decoded: { name: string } }>, (log, label) => {
      expect(log.removed, label).toBe(true)
      expect(log.decoded.name, label).toBe('Tick')
    })
  })

  test('an orphaned transaction the new branch mined again links to where it was mined', async ({ server }) => {
    const { blockHash, hash, index } = await mined(server.url, { from: devAccount(5).address, to: emitter, data: emitterCall('emitMany', [1n]) })
    expect((await rpc(server.url, 'sim_transaction', [{ blockHash, index }])).reincluded).toBeNull()
    await rpc(server.url, 'sim_reorg', [{ depth: 1, reinclude: 'all' }])
    const receipt = await rpc(server.url, 'eth_getTransactionReceipt', [hash])
    expect(receipt.blockHash).not.toBe(blockHash)
    const orphaned = await rpc(server.url, 'sim_transaction', [{ blockHash, index }])
    expect(orphaned).toMatchObject({
      canonical: false,
      reincluded: { number: receipt.blockNumber, hash: receipt.blockHash, index: Number(receipt.transactionIndex) },
    })
    const again = await rpc(server.url, 'sim_transaction', [{ blockHash: receipt.blockHash, index: Number(receipt.transactionIndex) }])
    expect(again).toMatchObject({ canonical: true, reincluded: null })
  })

  test('an orphaned transaction left out of the new branch links nowhere', async ({ server }) => {
    const { blockHash, index } = await mined(server.url, { from: devAccount(6).address, to: emitter, data: emitterCall('emitMany', [1n]) })
    await rpc(server.url, 'sim_reorg', [{ depth: 1, reinclude: 'none' }])
    expect(await rpc(server.url, 'sim_transaction', [{ blockHash, index }])).toMatchObject({ canonical: false, reincluded: null })
  })

  test('logs come a page at a time', async ({ server }) => {
    const { blockHash, index } = await mined(server.url, { from: devAccount(3).address, to: emitter, data: emitterCall('emitMany', [5n]) })
    const first = await rpc(server.url, 'sim_transaction', [{ blockHash, index, limit: 3 }])
    const rest = await rpc(server.url, 'sim_transaction', [{ blockHash, index, logsFrom: first.next }])
    expect([first.next, rest.next]).toEqual([3, null])
    const all = await rpc(server.url, 'eth_getLogs', [{ blockHash, address: emitter }])
    expect([...first.logs, ...rest.logs].map((log: { logIndex: string }) => log.logIndex)).toEqual(
      all.slice(-5).map((log: { logIndex: string }) => log.logIndex),
    )
  })

  test('a failed transaction: the EVM error, revert data and reason', async ({ server }) => {
    const { blockHash, index } = await mined(server.url, {
      from: devAccount(6).address,
      to: token,
      data: tokenCall('transfer', [devAccount(0).address, 1n]),
      gas: '0x30000',
    })
    const tx = await rpc(server.url, 'sim_transaction', [{ blockHash, index }])
    expect(tx.status).toBe('0x0')
    expect(tx.failure).toMatchObject({ error: 'revert', reason: 'ERC20: insufficient balance' })
    expect(tx.failure.data.startsWith('0x08c379a0')).toBe(true)
  })

  test('no such block or index → null', async ({ server }) => {
    const { blockHash } = await mined(server.url, { from: devAccount(7).address, to: devAccount(8).address, value: '0x1' })
    const count = Number(await rpc(server.url, 'eth_getBlockTransactionCountByHash', [blockHash]))
    expect(await rpc(server.url, 'sim_transaction', [{ blockHash, index: count }])).toBeNull()
    expect(await rpc(server.url, 'sim_transaction', [{ blockHash: `0x${'cd'.repeat(32)}`, index: 0 }])).toBeNull()
  })
})

describe('invalid params', () => {
  const hash = `0x${'00'.repeat(32)}`
  const cases: Array<[string, unknown[]]> = [
    ['no index → -32602', [{ blockHash: hash }]],
    ['a negative index → -32602', [{ blockHash: hash, index: -1 }]],
    ['limit past 1000 → -32602', [{ blockHash: hash, index: 0, limit: 1001 }]],
    ['an unknown key → -32602', [{ blockHash: hash, index: 0, full: true }]],
    ['positional params → -32602', [hash, 0]],
  ]
  for (const [name, params] of cases) {
    test(name, async ({ server }) => {
      expect((await rpcError(server.url, 'sim_transaction', params)).code).toBe(-32602)
    })
  }
})
