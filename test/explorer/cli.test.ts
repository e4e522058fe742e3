import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

// The explorer's command-line side, as users run it: real processes.
const BIN = fileURLToPath(new URL('../../src/bin/chainsim.mjs', import.meta.url))
const EXAMPLE = (name: string) => fileURLToPath(new URL(`../../scenarios/${name}`, import.meta.url))

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chainsim-explorer-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('chainsim serve --log-requests', () => {
  test('one line per JSON-RPC call: network, transport, client, method, params, duration, size or error', { timeout: 60_000 }, async () => {
    const config = join(dir, 'one-network.json')
    await writeFile(config, JSON.stringify({ networks: [{ name: 'dev', chainId: 31337, port: 0 }] }))
    const child = spawn(process.execPath, [BIN, 'serve', '--config', config, '--log-requests'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    // Start-up is slow on a loaded machine; the lines themselves come at once.
    const waitFor = <T>(read: () => T | undefined, what: string) =>
      vi.waitFor(() => read() ?? Promise.reject(new Error(`still waiting for ${what}`)), { timeout: 30_000, interval: 50 })
    try {
      const url = await waitFor(() => /HTTP {2}(http:\/\/\S+)\/v3\//.exec(out)?.[1], 'the banner')
      const post = (body: unknown) =>
        fetch(`${url}/v3/ci?client=indexer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      await post({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })
      await post([
        { jsonrpc: '2.0', id: 2, method: 'eth_getLogs', params: [{ fromBlock: '0x5', toBlock: '0x1' }] },
        { jsonrpc: '2.0', id: 3, method: 'eth_chainId' },
      ])
      const lines = await waitFor(() => {
        const found = out.split('\n').filter((line) => / dev http indexer /.test(line))
        return found.length >= 3 ? found : undefined
      }, 'three lines')
      expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} dev http indexer eth_blockNumber \[\] \d+\.\d\d ms → \d+ B$/)
      expect(lines.find((l) => l.includes('eth_getLogs'))).toMatch(
        /eth_getLogs \[\{"fromBlock":"0x5","toBlock":"0x1"\}\] \d+\.\d\d ms → -32602 invalid block range params$/,
      )
      expect(lines.some((l) => / eth_chainId \[\] .* → \d+ B$/.test(l))).toBe(true)
    } finally {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.on('exit', resolve))
    }
  })
})

describe('chainsim play --report', () => {
  test('one self-contained HTML file: the page, its data, nothing fetched', { timeout: 60_000 }, async () => {
    const report = join(dir, 'report.html')
    const child = spawn(process.execPath, [BIN, 'play', EXAMPLE('reorg-moves-transfer.yaml'), '--report', report], { stdio: 'ignore' })
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0)
    const html = await readFile(report, 'utf8')
    const data = JSON.parse(/<script type="application\/json" id="chainsim-report">(.*?)<\/script>/s.exec(html)![1]!.replace(/\\u003c/g, '<'))
    const [scenario] = data.scenarios
    expect(scenario).toMatchObject({ name: 'A depth-1 reorg moves a transfer to another block', ok: true })
    const network = scenario.networks[0]
    expect(network.tree.blocks.some((b: { canonical: boolean }) => !b.canonical)).toBe(true)
    expect(network.tree.reorgs[0].method).toBe('sim_reorg')
    expect(network.scenario.steps.length).toBeGreaterThan(5)
    expect(Object.keys(network.blocks)).toHaveLength(network.tree.blocks.length)
    // No address outside the file: no src= or href= to anything, no URL the page would fetch.
    expect(html).not.toMatch(/\b(src|href)=/)
  })
})
