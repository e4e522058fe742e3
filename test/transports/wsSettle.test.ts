import { encodeFunctionData, hexToBytes, type Hex } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { EventEmitter } from '../../src/contracts/index.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { deployEmitter } from '../helpers/contracts.ts'
import { WsClient } from '../helpers/wsClient.ts'

// The settle barrier waits until notifications are written to the subscriber's socket, not merely handed to
// it: a client that stops reading holds it back (its kernel buffers full) until it reads again or leaves.
const SUBSCRIPTIONS = 20
const LOG_BYTES = 100_000
const LOGS = 4

let chainsim: Chainsim
let emitter: Uint8Array
let emitterHex: Hex
beforeAll(async () => {
  // ~16 MB of notifications per round, more than the kernel holds for a client that does not read.
  chainsim = await startChainsim({ config: { limits: { maxWsBufferedBytes: 256 * 1024 * 1024 } } })
  emitter = await deployEmitter(chainsim.node)
  emitterHex = `0x${Buffer.from(emitter).toString('hex')}`
})
afterAll(() => chainsim?.close())

const largeLog = hexToBytes(encodeFunctionData({ abi: EventEmitter.abi, functionName: 'emitLargeData', args: [`0x${'00'.repeat(LOG_BYTES)}`] }))

/** Turns of the event loop: enough for any write the kernel accepted to report itself done. */
async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve))
}

/** A client subscribed many times to the emitter's logs, which stops reading, and the logs it is sent. */
async function stalledSubscriber(): Promise<{ ws: WsClient; resume: () => void }> {
  const ws = await WsClient.open(chainsim.wsUrl)
  for (let i = 0; i < SUBSCRIPTIONS; i++) await ws.subscribe('logs', { address: emitterHex })
  const socket = (ws.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket
  socket.pause()
  const from = chainsim.node.accounts[2]!.address
  for (let i = 0; i < LOGS; i++) await chainsim.node.sendTransaction({ from, to: emitter, data: largeLog, gas: 5_000_000n })
  return { ws, resume: () => socket.resume() }
}

test('settled waits while a subscriber is not reading, and resolves once it has read', async () => {
  const { ws, resume } = await stalledSubscriber()
  try {
    let settled = false
    const settling = chainsim.node.settled().then(() => (settled = true))
    await turns(50)
    expect(settled).toBe(false)
    resume()
    await settling
    await ws.settle()
    expect(ws.messages.filter((m) => m.method === 'eth_subscription')).toHaveLength(SUBSCRIPTIONS * LOGS)
  } finally {
    await ws.close()
  }
})

test('a subscriber that leaves without reading does not hold it back', async () => {
  const { ws } = await stalledSubscriber()
  const settling = chainsim.node.settled()
  await turns(10)
  ws.socket.terminate()
  await settling
  expect(ws.messages.filter((m) => m.method === 'eth_subscription').length).toBeLessThan(SUBSCRIPTIONS * LOGS)
})
