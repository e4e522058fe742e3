import { describe, expect } from 'vitest'
import { rpc, rpcError, rpcRaw } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { WsClient } from '../helpers/wsClient.ts'

const test = rpcTestWith([{ mining: { auto: false } }])

type Record = {
  seq: number
  at: number
  network: string
  transport: string
  client?: string
  connection?: number
  method: string
  params: string
  durationMs: number
  size?: number
  error?: { code: number; message: string }
  injected?: boolean
}
type Page = { total: number; requests: Record[] }

async function post(url: string, body: unknown): Promise<string> {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return answer.text()
}

describe('valid params', () => {
  test('each call: method, params summary, transport, client, answer size or error, newest first', async ({ server }) => {
    const ok = await post(`${server.url}?client=indexer`, { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['0x0', false] })
    const addresses = Array.from({ length: 5001 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`)
    await post(server.url, { jsonrpc: '2.0', id: 2, method: 'eth_getLogs', params: [{ address: addresses }] })
    await post(server.url, { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: ['0x12'] })
    const page = await rpc<Page>(server.url, 'sim_requests', [{ limit: 3 }])
    const [balance, logs, block] = page.requests
    expect(block).toMatchObject({
      network: 'dev',
      transport: 'http',
      client: 'indexer',
      method: 'eth_getBlockByNumber',
      params: '["0x0",false]',
      size: ok.length,
    })
    expect(block!.error).toBeUndefined()
    expect(logs!.error!.code).toBe(-32005)
    expect(logs!.params.length).toBeLessThanOrEqual(160)
    expect(logs!.params).toContain('…')
    expect(balance).toMatchObject({ method: 'eth_getBalance', error: { code: -32602 } })
    expect(balance!.seq).toBe(logs!.seq + 1)
    expect(page.total).toBeGreaterThanOrEqual(balance!.seq)
  })

  test('WebSocket calls name their connection; batches record each call, notifications too', async ({ server }) => {
    const ws = await WsClient.open(`${server.wsUrl}?client=bot`)
    await ws.call('eth_chainId')
    await rpcRaw(server.url, 'eth_blockNumber')
    await post(server.url, [
      { jsonrpc: '2.0', id: 1, method: 'net_version' },
      { jsonrpc: '2.0', method: 'eth_gasPrice' },
    ])
    // A call is recorded once answered: this sim_requests is not among its own answer.
    const [notification, batched, blockNumber, chainId] = (await rpc<Page>(server.url, 'sim_requests', [{ limit: 4 }])).requests
    expect(chainId).toMatchObject({ transport: 'ws', client: 'bot', method: 'eth_chainId' })
    expect(typeof chainId!.connection).toBe('number')
    expect(blockNumber!.method).toBe('eth_blockNumber')
    expect(new Set([batched!.method, notification!.method])).toEqual(new Set(['net_version', 'eth_gasPrice']))
    await ws.close()
  })

  test('pages back with before', async ({ server }) => {
    const latest = await rpc<Page>(server.url, 'sim_requests', [{ limit: 4 }])
    const older = await rpc<Page>(server.url, 'sim_requests', [{ before: latest.requests[1]!.seq, limit: 2 }])
    expect(older.requests.map((r) => r.seq)).toEqual([latest.requests[2]!.seq, latest.requests[3]!.seq])
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[]]> = [
    ['limit past 1000 → -32602', [{ limit: 5000 }]],
    ['before as text → -32602', [{ before: 'now' }]],
    ['an unknown key → -32602', [{ after: 3 }]],
  ]
  for (const [name, params] of cases) {
    test(name, async ({ server }) => {
      expect((await rpcError(server.url, 'sim_requests', params)).code).toBe(-32602)
    })
  }
})
