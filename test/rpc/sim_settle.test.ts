import { encodeFunctionData, hexToBytes, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EventEmitter } from '../../src/contracts/index.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { deployEmitter } from '../helpers/contracts.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { WsClient } from '../helpers/wsClient.ts'

// sim_settle answers once the writes before it are applied and their notifications written: over the
// subscriber's own WebSocket, its answer arrives behind every one of them.
let chainsim: Chainsim
let emitter: Uint8Array
let emitterHex: Hex
beforeAll(async () => {
  chainsim = await startChainsim({ networks: [{ mining: { auto: false } }] })
  const { node } = chainsim
  await node.settings.setAutomine(true)
  emitter = await deployEmitter(node)
  emitterHex = `0x${Buffer.from(emitter).toString('hex')}`
  await node.settings.setAutomine(false)
})
afterAll(() => chainsim?.close())

const emitMany = (count: bigint) => hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitMany', args: [count] }))

describe('valid params', () => {
  test('over WebSocket, the answer comes after the notifications of writes still queued when it arrived', async () => {
    const { node } = chainsim
    const ws = await WsClient.open(chainsim.wsUrl)
    try {
      const heads = await ws.subscribe('newHeads')
      const logs = await ws.subscribe('logs', { address: emitterHex })
      const from = node.accounts[1]!.address
      for (let i = 0; i < 5; i++) await node.sendTransaction({ from, to: emitter, data: emitMany(20n), gas: 2_000_000n })
      // The queue is held until the test opens the gate, so the writes behind it are still to be made when
      // sim_settle arrives.
      let open = () => {}
      const gate = node.consistentRead(() => new Promise<void>((resolve) => (open = resolve)))
      const writes = Promise.all([node.mine(2), node.reorgs.simReorg({ depth: 2 }), node.mine(30)])
      const settleIndex = () => ws.messages.findIndex((m) => m.id !== undefined && 'result' in m && m.result === null)
      const settled = ws.call('sim_settle')
      // Answered on the same connection after sim_settle was dispatched: sim_settle is waiting now.
      expect((await ws.call('eth_chainId')).result).toBe('0x7a69')
      expect(settleIndex()).toBe(-1)
      expect(ws.notified(heads)).toEqual([])
      open()
      expect((await settled).result).toBeNull()
      await Promise.all([gate, writes])
      const before = ws.messages.slice(0, settleIndex())
      const notified = (id: string) => before.filter((m) => m.params?.subscription === id).map((m) => m.params.result)
      expect(notified(heads)).toHaveLength(2 + 3 + 30)
      // The 100 logs mined, then removed by the reorg, then mined again in the new branch: all before the answer.
      expect(notified(logs)).toHaveLength(300)
      expect(notified(logs).filter((log) => log.removed)).toHaveLength(100)
      expect(ws.messages.slice(settleIndex() + 1).filter((m) => m.method === 'eth_subscription')).toEqual([])
    } finally {
      await ws.close()
    }
  })

  test('over HTTP: null, once the writes before it are applied', async () => {
    const { node } = chainsim
    const head = node.head.number
    const mined = node.mine(5)
    expect(await rpc(chainsim.url, 'sim_settle')).toBeNull()
    expect(node.head.number).toBe(head + 5n)
    await mined
  })
})

describe('invalid params', () => {
  test('any param → -32602', async () => {
    expect(await rpcError(chainsim.url, 'sim_settle', [1])).toMatchObject({ code: -32602, message: expect.stringMatching(/too many arguments/) })
  })
})
