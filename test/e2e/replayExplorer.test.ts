import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { browserAvailable, launchBrowser } from '../helpers/browser.ts'
import { call, screenshot } from '../helpers/explorerPage.ts'
import { devAccount, hex } from '../helpers/rpcChain.ts'

// The explorer's header shows how far a replay has come, and why it stopped if it did.
let browser: Browser
let upstream: RunningServer
let cacheDir: string

beforeAll(async () => {
  if (!browserAvailable) return
  browser = await launchBrowser()
  cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-replay-page-'))
  upstream = await startServer(parseConfig({ networks: [{ name: 'upstream', chainId: 1337 }] }), { port: 0 })
  const url = `${upstream.networks[0]!.httpUrl}/v3/k`
  for (let i = 0; i < 6; i++) await call(url, 'eth_sendTransaction', [{ from: devAccount(i).address, to: devAccount(9).address, value: hex(i + 1) }])
})
afterAll(async () => {
  await browser?.close()
  await upstream?.close()
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
})

test.skipIf(!browserAvailable)('the page shows the replay paused, then its progress to done', async () => {
  const fork = await startServer(
    parseConfig({
      networks: [
        {
          name: 'replay',
          fork: { url: `${upstream.networks[0]!.httpUrl}/v3/k`, blockNumber: 1, cacheDir, replayTo: 6, replayPaused: true },
          reorgs: { profile: 'ethereum', seed: 2 },
        },
      ],
    }),
    { port: 0 },
  )
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  try {
    const base = fork.networks[0]!.httpUrl
    await page.goto(`${base}/ui/`)
    const replay = page.getByLabel('replay')
    await expect.poll(() => replay.textContent()).toBe('replay of blocks 2–6: 0 of 5paused')
    expect(await page.locator('.summary').textContent()).toContain('(profile ethereum, seed 2)')
    await call(`${base}/v3/k`, 'sim_replay', [{ resume: true }])
    await expect.poll(() => replay.textContent(), { timeout: 10_000 }).toBe('replay of blocks 2–6: 5 of 5done')
    expect(await replay.locator('progress').getAttribute('value')).toBe('5')
    await screenshot(page, 'explorer-replay')
  } finally {
    await page.close()
    await fork.close()
  }
})
