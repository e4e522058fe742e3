// A day of `npm start`'s dev-interval network on a fast clock: 43,200 blocks (one every 2 s for 24 h) mined
// by its own interval miner and filled by its own background traffic, both ticking every millisecond
// instead of every 2 s. The server is a real `chainsim serve` with npm start's two networks (dev stays
// idle); its RSS is reported every `reportEvery` blocks.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_CONFIG } from '../../src/config/defaults.ts'
import { rssMiB, startChainsim } from './chainsimProcess.ts'
import { freePort } from '../../test/helpers/freePort.ts'
import { rpc } from './rpc.ts'

export interface DaySample {
  block: number
  rssMiB: number
  seconds: number
}

export async function simulateDay(blocks: number, reportEvery: number, onSample: (sample: DaySample) => void): Promise<DaySample[]> {
  const networks = (DEFAULT_CONFIG.networks ?? []).map((network) => (network.name === 'dev-interval' ? { ...network, mining: { intervalMs: 1 } } : network))
  // `serve --port P` gives the networks P, P + 1... in their order, over the config's ports.
  const port = await freePort()
  const intervalPort = port + networks.findIndex((network) => network.name === 'dev-interval')
  const config = join(mkdtempSync(join(tmpdir(), 'chainsim-day-')), 'config.json')
  writeFileSync(config, JSON.stringify({ ...DEFAULT_CONFIG, networks }))
  const child = await startChainsim(port, ['--config', config])
  const url = `http://127.0.0.1:${intervalPort}/v3/day`
  const samples: DaySample[] = []
  const start = performance.now()
  try {
    let next = reportEvery
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      const head = Number(BigInt(await rpc<string>(url, 'eth_blockNumber')))
      while (head >= next || head >= blocks) {
        const sample = { block: Math.min(next, head), rssMiB: rssMiB(child.pid as number), seconds: (performance.now() - start) / 1000 }
        samples.push(sample)
        onSample(sample)
        if (head >= blocks) return samples
        next += reportEvery
      }
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGINT')
    })
  }
}
