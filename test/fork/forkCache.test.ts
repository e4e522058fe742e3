import { appendFile, mkdtemp, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { ForkStartError } from '../../src/fork/errors.ts'
import { ForkCache } from '../../src/fork/forkCache.ts'
import type { ForkRecord } from '../../src/fork/forkCache.ts'
import { parseUpstreamUrl, upstreamLabel } from '../../src/fork/upstreamUrl.ts'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'chainsim-cache-test-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

const record = (blockHash: string, blockNumber = '12', upstream = 'http://127.0.0.1:8545/'): ForkRecord => ({
  chainId: '1',
  blockNumber,
  blockHash,
  block: { number: `0x${Number(blockNumber).toString(16)}`, hash: blockHash },
  upstream,
})
const HASH_A = `0x${'aa'.repeat(32)}`
const HASH_B = `0x${'bb'.repeat(32)}`

describe('the fork cache', () => {
  test('what one run fetched, the next reads back, keyed by chain id and block', async () => {
    const first = await ForkCache.open(root, record(HASH_A), () => {})
    expect(first.dir).toBe(join(root, 'forks', '1', '12'))
    first.put('account', '0x01', ['0x1', '0x2', '0x3'])
    first.put('storage', '0x01:0x02', '0x05')
    first.put('answer', 'eth_getBlockByNumber ["0x1",false]', null)
    await first.close()
    const second = await ForkCache.open(root, record(HASH_A), () => {})
    expect(second.get('account', '0x01')).toEqual(['0x1', '0x2', '0x3'])
    expect(second.get('storage', '0x01:0x02')).toBe('0x05')
    expect(second.has('answer', 'eth_getBlockByNumber ["0x1",false]')).toBe(true)
    expect(second.size).toMatchObject({ account: 1, storage: 1, answer: 1 })
    await second.close()
  })

  test('a line cut short by a crash is skipped, the rest kept', async () => {
    const cache = await ForkCache.open(root, record(HASH_A), () => {})
    cache.put('storage', 'k1', '0x1')
    await cache.close()
    await appendFile(join(cache.dir, 'entries.jsonl'), '["storage","k2","0x')
    const again = await ForkCache.open(root, record(HASH_A), () => {})
    expect(again.get('storage', 'k1')).toBe('0x1')
    expect(again.has('storage', 'k2')).toBe(false)
    await again.close()
  })

  test('a cache made for another block of that number (the upstream reorganized) is discarded, and said so', async () => {
    const old = await ForkCache.open(root, record(HASH_A), () => {})
    old.put('storage', 'k', '0x1')
    await old.close()
    const warnings: string[] = []
    const fresh = await ForkCache.open(root, record(HASH_B), (message) => warnings.push(message))
    expect(fresh.has('storage', 'k')).toBe(false)
    expect(warnings).toEqual([expect.stringContaining(`was made for block 12 ${HASH_A}; the upstream's block is now ${HASH_B}: cache discarded`)])
    await fresh.close()
  })

  test('--offline finds the upstream’s cache: of the block asked, else the one used last', async () => {
    for (const [hash, number, usedAt] of [
      [HASH_A, '12', 1_000],
      [HASH_B, '20', 2_000],
    ] as const) {
      const cache = await ForkCache.open(root, record(hash, number), () => {})
      cache.put('storage', 'k', number)
      await cache.close()
      await utimes(join(cache.dir, 'entries.jsonl'), usedAt, usedAt)
    }
    expect((await ForkCache.find(root, { upstream: 'http://127.0.0.1:8545/', blockNumber: 12n })).record.blockHash).toBe(HASH_A)
    expect((await ForkCache.find(root, { upstream: 'http://127.0.0.1:8545/' })).record.blockHash).toBe(HASH_B)
    const missing = await ForkCache.find(root, { upstream: 'http://other:8545/' }).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(ForkStartError)
    expect((missing as Error).message).toBe(
      `--offline: no fork cache of http://other:8545/ under ${join(root, 'forks')}; run once without --offline to fill it`,
    )
  })
})

describe('upstream URLs', () => {
  test('shown without credentials, query or what looks like an API key', () => {
    expect(upstreamLabel(parseUpstreamUrl('https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef'))).toBe('https://mainnet.infura.io/v3/0123…')
    expect(upstreamLabel(parseUpstreamUrl('https://user:secret@rpc.example/eth?key=1'))).toBe('https://rpc.example/eth?…')
    expect(upstreamLabel(parseUpstreamUrl('http://127.0.0.1:8545'))).toBe('http://127.0.0.1:8545/')
  })

  test('only HTTP and HTTPS are forked', () => {
    expect(() => parseUpstreamUrl('ws://127.0.0.1:8545')).toThrow('fork url ws://127.0.0.1:8545: chainsim forks over HTTP or HTTPS (got ws)')
    expect(() => parseUpstreamUrl('localhost:8545')).toThrow(ForkStartError)
    expect(() => parseUpstreamUrl('not a url')).toThrow('fork url "not a url" is not a URL')
  })
})
