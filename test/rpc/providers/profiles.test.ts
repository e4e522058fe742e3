import { pad, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, devAccount, emitterCall, hex, send } from '../../helpers/rpcChain.ts'
import { postJson, request, rpc } from '../../helpers/rpcClient.ts'
import { rpcTestWith } from '../../helpers/rpcTest.ts'

/**
 * Each provider profile over real HTTP: its caps, its exact error shapes and HTTP statuses, and its oddities.
 * Every network holds the same chain: an EventEmitter deployed in block 1, then blocks 2 to 5 with 3 Tick logs
 * each (12 logs). Caps are set small, key by key, so that each is hit on a short chain.
 */
const test = rpcTestWith([
  { name: 'infura', limits: { maxLogResults: 5, maxBlockRange: 3 } },
  { name: 'alchemy', limits: { profile: 'alchemy', maxLogResults: 5, uncappedBlockRange: 2 } },
  { name: 'alchemySmall', limits: { profile: 'alchemy', maxResponseBytes: 4_000 } },
  { name: 'alchemyFree', limits: { profile: 'alchemy', maxBlockRange: 2 } },
  { name: 'quicknode', limits: { profile: 'quicknode', maxBlockRange: 3 } },
  { name: 'geth', limits: { profile: 'geth', maxParamsPerPosition: 2 } },
  { name: 'none', limits: { profile: 'none' } },
  { name: 'sameRange', limits: { maxLogResults: 5, oddities: { suggestionEqualsRequest: true } } },
  { name: 'tooWide', limits: { profile: 'alchemy', maxLogResults: 5, uncappedBlockRange: 0, oddities: { suggestionExceedsLimit: true } } },
])

const urls: Record<string, string> = {}
const emitters: Record<string, Hex> = {}

test.beforeAll(async ({ server }) => {
  await Promise.all(
    Object.entries(server.networks).map(async ([name, network]) => {
      urls[name] = network.url
      // Explicit gas skips estimation: the fixture builds faster.
      emitters[name] = await deployEmitterViaRpc(network.url, { gas: '0x200000' })
      for (let i = 0; i < 4; i++)
        await send(network.url, { from: devAccount(0).address, to: emitters[name], data: emitterCall('emitMany', [3n]), gas: '0x30000' })
    }),
  )
})

/** A value as a 32-byte topic word. */
const word = (n: number) => pad(hex(n), { size: 32 })

/** eth_getLogs over the emitter's logs (or another address's) of blocks `from` to `to`, as status and body. */
const getLogs = (name: string, from: number, to: number, address: Hex = emitters[name]!) =>
  postJson(urls[name]!, request('eth_getLogs', [{ address, fromBlock: hex(from), toBlock: hex(to) }], 1))

describe('infura (the default)', () => {
  test('six logs are too many: -32005 with the widest range that fits, in the message and in data; HTTP 200', async () => {
    expect(await getLogs('infura', 1, 3)).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32005,
          message: 'query returned more than 5 results. Try with this block range [0x1, 0x2].',
          data: { from: '0x1', to: '0x2', limit: 5 },
        },
      },
    })
    expect((await getLogs('infura', 1, 2)).body.result).toHaveLength(3)
  })

  test('a range cap, when configured: -32602 `range N exceeds limit of L`, before any result is counted', async () => {
    const nobody = devAccount(1).address
    expect((await getLogs('infura', 1, 4, nobody)).body.result).toEqual([])
    expect((await getLogs('infura', 1, 5, nobody)).body.error).toEqual({ code: -32602, message: 'range 4 exceeds limit of 3' })
  })
})

describe('alchemy', () => {
  test('a range up to the uncapped width is answered however many logs it holds', async () => {
    expect((await getLogs('alchemy', 2, 4)).body.result).toHaveLength(9)
  })

  test('wider and over the result cap: -32602 naming both caps and a range that works, with HTTP 200', async () => {
    const { status, body } = await getLogs('alchemy', 1, 5)
    expect(status).toBe(200)
    expect(body.error).toEqual({
      code: -32602,
      message:
        'Log response size exceeded. You can make eth_getLogs requests with up to a 2 block range and no limit on the response size, or you can request any block range with a cap of 5 logs in the response. Based on your parameters and the response size limit, this block range should work: [0x1, 0x2]',
    })
    const [from, to] = /should work: \[(0x[0-9a-f]+), (0x[0-9a-f]+)\]/.exec(body.error.message)!.slice(1) as [Hex, Hex]
    expect((await getLogs('alchemy', Number(from), Number(to))).body.result).toHaveLength(3)
  })

  test('an answer past the response size cap is refused, with the widest range whose answer fits', async () => {
    const whole = await getLogs('none', 0, 5)
    const { body } = await getLogs('alchemySmall', 0, 5)
    expect(body.error.code).toBe(-32602)
    expect(body.error.message).toMatch(
      /^Log response size exceeded\. Based on your parameters and the response size limit, this block range should work: \[0x0, 0x[0-9a-f]+\]$/,
    )
    const to = Number(/, (0x[0-9a-f]+)\]$/.exec(body.error.message)![1])
    const fits = await postJson(urls['alchemySmall']!, request('eth_getLogs', [{ address: emitters['alchemySmall'], fromBlock: '0x0', toBlock: hex(to) }], 1))
    const oneMore = await getLogs('alchemySmall', 0, to + 1)
    // The suggested range is answered; one block more is not, and the answer's size is what decided.
    expect(Buffer.byteLength(JSON.stringify(fits.body.result))).toBeLessThanOrEqual(4_000)
    expect(oneMore.body.error.code).toBe(-32602)
    expect(Buffer.byteLength(JSON.stringify(whole.body.result))).toBeGreaterThan(4_000)
  })

  test("the free tier's hard range cap: -32600 with a range to try, and HTTP 400", async () => {
    expect(await getLogs('alchemyFree', 2, 5)).toEqual({
      status: 400,
      body: {
        jsonrpc: '2.0',
        id: 1,
        error: {
          code: -32600,
          message:
            'Under the Free tier plan, you can make eth_getLogs requests with up to a 2 block range. Based on your parameters, this block range should work: [0x2, 0x4]. Upgrade to PAYG for expanded block range.',
        },
      },
    })
  })
})

describe('quicknode', () => {
  test('a range of exactly the cap is answered; one block wider is -32614 with HTTP 413 and no range to try', async () => {
    expect((await getLogs('quicknode', 1, 4)).body.result).toHaveLength(9)
    expect(await getLogs('quicknode', 1, 5)).toEqual({
      status: 413,
      body: { jsonrpc: '2.0', id: 1, error: { code: -32614, message: 'eth_getLogs is limited to a 3 range' } },
    })
  })

  test('no result cap: a range within the cap is answered however many logs it holds', async () => {
    expect((await getLogs('quicknode', 2, 5)).body.result).toHaveLength(12)
  })
})

describe('geth', () => {
  test('no result cap, and more values in one position than allowed is -32000', async () => {
    expect((await getLogs('geth', 0, 5)).body.result).toHaveLength(12)
    const three = [emitters['geth'], devAccount(1).address, devAccount(2).address]
    const refused = await postJson(urls['geth']!, request('eth_getLogs', [{ address: three, fromBlock: '0x0' }], 1))
    expect(refused).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'exceed max addresses or topics per search position' } },
    })
    // Two in each of two positions is within the per-position cap: Tick's first indexed argument is 0, 1 or 2.
    const two = await postJson(urls['geth']!, request('eth_getLogs', [{ address: three.slice(0, 2), topics: [null, [word(0), word(1)]], fromBlock: '0x0' }], 1))
    expect(two.body.result).toHaveLength(8)
  })

  test('eth_newFilter is held to the same per-position cap', async () => {
    const three = [emitters['geth'], devAccount(1).address, devAccount(2).address]
    const refused = await postJson(urls['geth']!, request('eth_newFilter', [{ address: three }], 1))
    expect(refused.body.error).toEqual({ code: -32000, message: 'exceed max addresses or topics per search position' })
  })
})

describe('none', () => {
  test('nothing is capped: the whole chain, by any number of addresses', async () => {
    const addresses = [emitters['none'], ...Array.from({ length: 6_000 }, (_, i) => pad(hex(i + 1), { size: 20 }))]
    const { body } = await postJson(urls['none']!, request('eth_getLogs', [{ address: addresses, fromBlock: '0x0' }], 1))
    expect(body.result).toHaveLength(12)
  })
})

describe('oddities', () => {
  test('suggestionEqualsRequest: the range suggested is the range asked for', async () => {
    const { body } = await getLogs('sameRange', 1, 5)
    expect(body.error).toEqual({
      code: -32005,
      message: 'query returned more than 5 results. Try with this block range [0x1, 0x5].',
      data: { from: '0x1', to: '0x5', limit: 5 },
    })
  })

  test('suggestionExceedsLimit: the range suggested is still refused', async () => {
    const { body } = await getLogs('tooWide', 1, 5)
    const [from, to] = /should work: \[(0x[0-9a-f]+), (0x[0-9a-f]+)\]/.exec(body.error.message)!.slice(1).map(Number) as [number, number]
    expect([from, to]).toEqual([1, 3])
    expect((await getLogs('tooWide', from, to)).body.error.code).toBe(-32602)
    expect((await getLogs('tooWide', from, to - 1)).body.result).toHaveLength(3)
  })
})

describe('the profile is read at every query', () => {
  test('eth_getFilterLogs answers with the same words as eth_getLogs', async () => {
    const id = await rpc(urls['quicknode']!, 'eth_newFilter', [{ address: emitters['quicknode'], fromBlock: '0x0' }])
    const { status, body } = await postJson(urls['quicknode']!, request('eth_getFilterLogs', [id], 1))
    expect(status).toBe(413)
    expect(body.error.code).toBe(-32614)
  })
})
