import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { importChain } from '../../src/chain/importChain.ts'

// `chainsim serve --genesis --import` as a user runs it: a real process, real sockets.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))
const TESTS = new URL('../fixtures/execution-apis/tests/', import.meta.url)
const GENESIS = fileURLToPath(new URL('genesis.json', TESTS))
const BLOCKS = fileURLToPath(new URL('chain.rlp', TESTS))
const HEAD = '0xd226371d0b1551adb03fb52b71f08e3e11247fe9b1af994768af8cdaa8e7dcd7'

function run(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result?: unknown }).result
}

describe('chainsim serve --genesis --import', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chainsim-serve-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('serves the imported chain, keeps mining on it, and writes it back on exit', async () => {
    const exportDir = join(dir, 'saved')
    const serve = run(['serve', '--genesis', GENESIS, '--import', BLOCKS, '--port', '0', '--export-on-exit', exportDir])
    try {
      const deadline = Date.now() + 30_000
      let match: RegExpMatchArray | null = null
      while (!(match = serve.output().match(/HTTP\s+(http:\/\/127\.0\.0\.1:\d+)/)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(match, serve.output()).not.toBeNull()
      const url = `${match![1]}/`
      expect(serve.output()).toMatch(/imported\s+chain id 3503995874084926\s+\(automine\)/)
      expect(await rpc(url, 'eth_blockNumber')).toBe('0x36')
      expect(((await rpc(url, 'eth_getBlockByNumber', ['finalized', false])) as { hash: string }).hash).toBe(HEAD)
      // hive's legacy transfer from the prefunded account (nonce 0), mined at once under automine.
      const raw =
        '0xf86c808401a213988261a894aa000000000000000000000000000000000000000a8255448718e5bb3abd109fa073fbe7ff7e74339e7cc61fb3cb3f7630cd3f1d5fef653d7297654b2d22894daea042a188d30f35f19408c73c803bc1e9e17ce129c457e31fd2a368b54507af2f4c'
      const hash = await rpc(url, 'eth_sendRawTransaction', [raw])
      expect(hash).toBe('0xb55b6dfd4ba0bb2b00283b0e84cda496c90bc7c5ae9025e07edc3a7fbaf6a269')
      expect(await rpc(url, 'eth_blockNumber')).toBe('0x37')
      expect(((await rpc(url, 'eth_getTransactionReceipt', [hash])) as { status: string }).status).toBe('0x1')
    } finally {
      serve.child.kill('SIGINT')
    }
    expect(await serve.exited).toBe(0)

    const saved = join(exportDir, 'imported')
    const again = await importChain(JSON.parse(await readFile(join(saved, 'genesis.json'), 'utf8')), await readFile(join(saved, 'chain.rlp')))
    expect(again.chain.head.number).toBe(0x37n)
    expect(again.chain.blockByNumber(0x36n)?.hashKey).toBe(HEAD)
  })

  test('a bad block stops the command before anything is served, naming the block', async () => {
    const blocks = await readFile(BLOCKS)
    const bad = join(dir, 'bad.rlp')
    // Cut inside the last block: it can no longer be decoded.
    await writeFile(bad, blocks.subarray(0, blocks.length - 5))
    const serve = run(['serve', '--genesis', GENESIS, '--import', bad, '--port', '0'])
    expect(await serve.exited).toBe(1)
    expect(serve.output()).toMatch(/chainsim: .*bad\.rlp: block 54: /)
    expect(serve.output()).not.toMatch(/HTTP\s+http/)
  })
})
