import { describe, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import { DEFAULT_WARM_UP_ROUNDS, warmUp } from '../../src/warmUp.ts'

/** Calls one round of the canned test makes, and the deployment before the rounds. */
const CALLS_PER_ROUND = 20
const DEPLOYMENT_CALLS = 2

type Answer = { result?: unknown; error?: { message: string } }

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as Answer
  if (answer.error) throw new Error(answer.error.message)
  return answer.result
}

describe('the warm-up', () => {
  test('runs every call of its rounds on its own chain, each answered without an error', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      expect(await warmUp({ rounds: 2 })).toBe(DEPLOYMENT_CALLS + 2 * CALLS_PER_ROUND)
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings.map((w) => w.message)).toEqual([])
  })

  test('leaves a served chain as it was, and answers its clients while it runs', async () => {
    const config = parseConfig({ networks: [{ name: 'dev', chainId: 31337 }] }, 'the test')
    const server = await startServer(config, { port: 0, warmUp: 3 })
    try {
      const url = server.networks[0]!.httpUrl
      // Asked while the warm-up goes on: answered, and the chain is the fresh one.
      expect(await rpc(url, 'eth_blockNumber')).toBe('0x0')
      const calls = await server.warmedUp
      expect(calls).toBe(DEPLOYMENT_CALLS + 3 * CALLS_PER_ROUND)
      expect(await rpc(url, 'eth_blockNumber')).toBe('0x0')
      expect(await rpc(url, 'eth_getTransactionCount', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'])).toBe('0x0')
      expect(await rpc(url, 'txpool_status')).toEqual({ pending: '0x0', queued: '0x0' })
    } finally {
      await server.close()
    }
  })

  test('is off unless asked for, and stops when the server closes', async () => {
    const config = parseConfig({ networks: [{ name: 'dev', chainId: 31337 }] }, 'the test')
    const quiet = await startServer(config, { port: 0 })
    expect(await quiet.warmedUp).toBe(0)
    await quiet.close()
    const closing = await startServer(config, { port: 0, warmUp: true })
    await closing.close()
    expect(await closing.warmedUp).toBeLessThan(DEPLOYMENT_CALLS + DEFAULT_WARM_UP_ROUNDS * CALLS_PER_ROUND)
  })
})
