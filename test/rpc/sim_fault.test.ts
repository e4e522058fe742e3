import { describe, expect } from 'vitest'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const test = rpcTestWith([
  {},
  {
    name: 'configured',
    faults: [
      { kind: 'lag', blocks: 1 },
      { method: 'net_version', rate: 1, error: { code: -32000, message: 'configured' } },
    ],
  },
])
let url: string
let configured: string
test.beforeAll(async ({ server }) => {
  url = server.url
  configured = server.networks['configured']!.url
  await rpc(url, 'anvil_mine', [3])
  await rpc(configured, 'anvil_mine', [3])
})

describe('valid params', () => {
  test('arms a fault, answering true; {kind: none} clears every fault', async () => {
    expect(await rpc(url, 'sim_fault', [{ kind: 'lag', blocks: 2 }])).toBe(true)
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x1')
    expect(await rpc(url, 'sim_fault', [{ method: 'eth_chainId', error: { code: -32000, message: 'down' } }])).toBe(true)
    expect(await rpc(url, 'sim_fault', [{ kind: 'none' }])).toBe(true)
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x3')
    expect(await rpc(url, 'eth_chainId')).toBe('0x7a69')
  })

  test('every kind is accepted with its options', async () => {
    for (const spec of [
      { kind: 'error', method: '*', rate: 0.1, seed: 3, latencyMs: 0 },
      { kind: 'lag', blocks: 1, rate: 0.5, count: 3, seed: 9, methods: ['eth_getLogs'] },
      { kind: 'lostFilter', rate: 0.25 },
      { kind: 'wsDrop', afterMessages: 10, code: 1001 },
      { kind: 'wsDrop', afterMs: 60_000 },
      { kind: 'batchPartial', answer: 'null', rate: 0.5 },
      { kind: 'rateLimit', provider: 'alchemy', unitsPerSecond: 1_000_000 },
    ]) {
      expect(await rpc(url, 'sim_fault', [spec]), JSON.stringify(spec)).toBe(true)
    }
    await rpc(url, 'sim_fault', [{ kind: 'none' }])
  })

  test('a network armed from its config answers faulted from the start; sim_fault clears it', async () => {
    expect(await rpc(configured, 'eth_blockNumber')).toBe('0x2')
    expect(await rpcError(configured, 'net_version')).toEqual({ code: -32000, message: 'configured' })
    await rpc(configured, 'sim_fault', [{ kind: 'none' }])
    expect(await rpc(configured, 'eth_blockNumber')).toBe('0x3')
    expect(await rpc(configured, 'net_version')).toBe('31337')
  })

  test('sim_network lists the faults that may still act; the request record marks the calls a fault failed', async () => {
    const slowDown = { code: -32005, message: 'slow down' }
    await rpc(url, 'sim_fault', [{ method: 'eth_chainId', count: 2, error: slowDown }])
    await rpc(url, 'sim_fault', [{ kind: 'lostFilter', count: 1 }])
    await rpc(url, 'sim_fault', [{ kind: 'lag', blocks: 1, rate: 0.5, seed: 4 }])
    expect((await rpc(url, 'sim_network')).faults).toEqual([
      { method: 'eth_chainId', count: 2, error: slowDown, left: 2 },
      { kind: 'lostFilter', count: 1, left: 1 },
      { kind: 'lag', blocks: 1, rate: 0.5, seed: 4 },
    ])
    expect(await rpcError(url, 'eth_chainId')).toEqual(slowDown)
    const filter = await rpc(url, 'eth_newBlockFilter')
    const lost = await rpcError(url, 'eth_getFilterChanges', [filter])
    // The filter is really gone: the next poll fails the same way, with no fault acting.
    expect(await rpcError(url, 'eth_getFilterChanges', [filter])).toEqual(lost)
    expect((await rpc(url, 'sim_network')).faults).toEqual([
      { method: 'eth_chainId', count: 2, error: slowDown, left: 1 },
      { kind: 'lag', blocks: 1, rate: 0.5, seed: 4 },
    ])
    await rpc(url, 'sim_fault', [{ kind: 'rateLimit', unitsPerSecond: 1, burstSeconds: 1 }])
    await expect(rpc(url, 'eth_blockNumber')).rejects.toThrow(/HTTP 429/)
    expect((await rpc(url, 'sim_network')).faults[0]).toEqual({ kind: 'rateLimit', unitsPerSecond: 1, burstSeconds: 1 })
    await rpc(url, 'sim_fault', [{ kind: 'none' }])
    expect((await rpc(url, 'sim_network')).faults).toEqual([])
    const { requests } = await rpc(url, 'sim_requests', [{ limit: 10 }])
    const failed = requests.filter((r: { error?: unknown }) => r.error).map((r: { method: string; injected?: boolean }) => [r.method, r.injected ?? false])
    expect(failed.reverse()).toEqual([
      ['eth_chainId', true],
      ['eth_getFilterChanges', true],
      ['eth_getFilterChanges', false],
      ['eth_blockNumber', true],
    ])
  })

  test('sim_fault itself is never faulted: faults can always be cleared', async () => {
    await rpc(url, 'sim_fault', [{ method: '*', rate: 1, error: { code: -32000, message: 'everything fails' } }])
    expect(await rpcError(url, 'eth_chainId')).toEqual({ code: -32000, message: 'everything fails' })
    expect(await rpc(url, 'sim_fault', [{ kind: 'none' }])).toBe(true)
    expect(await rpc(url, 'eth_chainId')).toBe('0x7a69')
  })
})

describe('invalid params', () => {
  test.each([
    [[], 'missing value for required argument 0 of sim_fault'],
    [[{ kind: 'flood' }], 'invalid argument 0: kind: Invalid discriminator value'],
    [[{ kind: 'lag' }], 'invalid argument 0: blocks: Invalid input: expected number, received undefined'],
    [[{ kind: 'lag', blocks: 0 }], 'invalid argument 0: blocks: Too small: expected number to be >=1'],
    [[{ kind: 'lostFilter', rate: 2 }], 'invalid argument 0: rate: Too big: expected number to be <=1'],
    [[{ kind: 'wsDrop' }], 'invalid argument 0: a wsDrop fault needs `afterMessages` or `afterMs`'],
    [[{ kind: 'wsDrop', afterMs: 5, code: 1000 }], 'invalid argument 0: code'],
    [[{ method: 'eth_chainId' }], 'invalid argument 0: an error fault needs `error`, `latencyMs` or `httpStatus`'],
    [[{ method: 'eth_nope', httpStatus: 500 }], 'invalid argument 0: chainsim has no method eth_nope'],
    [[{ kind: 'lag', blocks: 1, methods: ['eth_nope'] }], 'invalid argument 0: chainsim has no method eth_nope'],
    [
      [{ kind: 'lag', blocks: 1, methods: ['eth_blockNumber', 'eth_sendTransaction', 'evm_mine'] }],
      'invalid argument 0: a lag answers reads resolved against the head only: eth_sendTransaction, evm_mine are not declared lagged',
    ],
    [[{ kind: 'rateLimit', provider: 'ankr' }], 'invalid argument 0: provider'],
    [[{ kind: 'none', extra: 1 }], 'invalid argument 0: Unrecognized key: "extra"'],
    [[{ kind: 'none' }, 1], 'too many arguments for sim_fault, want at most 1'],
  ])('%j → -32602', async (params, message) => {
    const error = await rpcError(url, 'sim_fault', params)
    expect(error.code).toBe(-32602)
    expect(error.message.startsWith(message), error.message).toBe(true)
    expect(await rpc(url, 'eth_blockNumber')).toBe('0x3')
  })
})
