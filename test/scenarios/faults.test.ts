import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { ChainNode } from '../../src/node.ts'
import { createDispatcher } from '../../src/rpc/dispatcher.ts'
import type { Dispatcher } from '../../src/rpc/dispatcher.ts'
import { FaultInjector } from '../../src/rpc/faults/faultInjector.ts'
import { createMethodTable } from '../../src/rpc/methodTable.ts'
import { FAULTED_METHODS } from '../../src/rpc/registry.ts'
import { DEFAULT_PROFILE } from '../../src/rpc/providers/providerProfile.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import type { PlayedScenario } from '../../src/scenarios/playScenario.ts'
import type { RunningServer } from '../../src/server.ts'

describe('FaultInjector in front of a real method table', () => {
  let node: ChainNode
  let faults: FaultInjector
  let dispatcher: Dispatcher
  let id = 0
  const call = async (method: string, params: unknown[] = []) =>
    (await dispatcher.handle({ jsonrpc: '2.0', id: ++id, method, params }, { transport: 'http' })) as Record<string, any>

  beforeAll(async () => {
    node = await ChainNode.create({ clock: { kind: 'fixed', genesisTime: 1_700_000_000n, blockTime: 12n } })
  })
  afterAll(() => node.close())

  const fresh = () => {
    faults = new FaultInjector({ methods: FAULTED_METHODS })
    dispatcher = createDispatcher(faults.wrap(createMethodTable({ node, profile: DEFAULT_PROFILE, clientVersion: 'test' })))
  }

  test('the named method fails the named number of times, with the code, message and data, then answers', async () => {
    fresh()
    faults.arm({ method: 'eth_blockNumber', count: 2, error: { code: -32000, message: 'header not found', data: { retry: true } } })
    expect(faults.pending('eth_blockNumber')).toBe(2)
    expect((await call('eth_blockNumber')).error).toEqual({ code: -32000, message: 'header not found', data: { retry: true } })
    expect((await call('eth_chainId')).result).toBe('0x7a69')
    expect((await call('eth_blockNumber')).error).toMatchObject({ code: -32000 })
    expect(faults.pending()).toBe(0)
    expect((await call('eth_blockNumber')).result).toBe('0x0')
  })

  test("faults on one method are used in order; a * fault applies to any method after the method's own", async () => {
    fresh()
    faults.arm({ method: '*', error: { code: -32603, message: 'any' } })
    faults.arm({ method: 'eth_chainId', error: { code: -32001, message: 'own' } })
    expect((await call('eth_chainId')).error.message).toBe('own')
    expect((await call('eth_chainId')).error.message).toBe('any')
    expect((await call('eth_chainId')).result).toBe('0x7a69')
  })

  test('a status without an error fails the call with -32603, and latency delays the answer', async () => {
    fresh()
    faults.arm({ method: 'net_version', httpStatus: 503 })
    expect((await call('net_version')).error).toEqual({ code: -32603, message: 'injected fault: HTTP 503' })
    faults.arm({ method: 'net_version', latencyMs: 120 })
    const started = performance.now()
    expect((await call('net_version')).result).toBe('31337')
    expect(performance.now() - started).toBeGreaterThanOrEqual(110)
  })

  test('an unknown method is still -32601, and the fault is kept for a real call', async () => {
    fresh()
    faults.arm({ method: '*', error: { code: 1, message: 'x' } })
    expect((await call('eth_nope')).error.code).toBe(-32601)
    expect(faults.pending()).toBe(1)
  })

  test('a count that is not a positive integer is refused', () => {
    expect(() => new FaultInjector({ methods: FAULTED_METHODS }).arm({ method: 'eth_chainId', count: 0, latencyMs: 1 })).toThrow(RangeError)
  })
})

test('a fault step makes the named method fail the named number of times in playback', async () => {
  const played = await playScenario({
    name: 'faults',
    steps: [
      { fault: { method: 'eth_getBalance', count: 3, error: { code: -32005, message: 'busy' } } },
      ...[1, 2, 3].map(() => ({
        rpc: { method: 'eth_getBalance', params: ['0x0000000000000000000000000000000000000000', 'latest'] },
        expect: { error: { code: -32005, message: 'busy' } },
      })),
      { rpc: { method: 'eth_getBalance', params: ['0x0000000000000000000000000000000000000000', 'latest'] }, expect: { equal: 0 } },
    ],
  })
  try {
    expect(played.report.ok).toBe(true)
    expect(played.faults['dev']!.pending()).toBe(0)
  } finally {
    await played.close()
  }
})

describe('over a real socket, after playback (play --serve)', () => {
  let played: PlayedScenario
  let server: RunningServer
  let url: string
  let wsUrl: string
  const post = async (body: unknown) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    return { status: response.status, body: (await response.json()) as any }
  }
  const request = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params })

  beforeAll(async () => {
    played = await playScenario({
      name: 'served faults',
      steps: [
        { mine: 2 },
        { fault: { method: 'eth_getLogs', count: 2, error: { code: -32005, message: 'project ID request rate exceeded' }, httpStatus: 429 } },
        { fault: { method: 'eth_blockNumber', count: 1, httpStatus: 502 } },
        { fault: { method: 'net_version', count: 1, error: { code: -32000, message: 'ws fault' } } },
      ],
    })
    expect(played.report.ok).toBe(true)
    server = await played.serve({ port: 0 })
    url = `${server.networks[0]!.httpUrl}/v3/key`
    wsUrl = `${server.networks[0]!.wsUrl}/ws/v3/key`
  })
  afterAll(() => server.close())

  test('the faulted method fails twice with HTTP 429 and its error, then answers with 200; others are untouched', async () => {
    const logs = request('eth_getLogs', [{ fromBlock: '0x0' }])
    expect(await post(request('eth_chainId'))).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result: '0x7a69' } })
    for (const _ of [1, 2]) {
      expect(await post(logs)).toEqual({
        status: 429,
        body: { jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'project ID request rate exceeded' } },
      })
    }
    expect(await post(logs)).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result: [] } })
  })

  test('a status alone fails the call with -32603; in a batch, the whole response takes the status', async () => {
    const answer = await post([request('eth_chainId', [], 1), request('eth_blockNumber', [], 2)])
    expect(answer.status).toBe(502)
    expect(answer.body).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'injected fault: HTTP 502' } },
    ])
    expect(await post(request('eth_blockNumber'))).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 1, result: '0x2' } })
  })

  test("over WebSocket the fault's error comes back as the answer", async () => {
    const ws = new WebSocket(wsUrl)
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const ask = (id: number) =>
      new Promise<any>((resolve) => {
        ws.once('message', (data) => resolve(JSON.parse(String(data))))
        ws.send(JSON.stringify(request('net_version', [], id)))
      })
    try {
      expect(await ask(1)).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'ws fault' } })
      expect(await ask(2)).toEqual({ jsonrpc: '2.0', id: 2, result: '31337' })
    } finally {
      ws.close()
    }
  })

  test('faults can be armed on the served network too', async () => {
    server.networks[0]!.faults.arm({ method: 'eth_chainId', httpStatus: 503 })
    expect((await post(request('eth_chainId'))).status).toBe(503)
    expect((await post(request('eth_chainId'))).status).toBe(200)
  })
})
