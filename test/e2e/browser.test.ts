import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startChainsim, type Chainsim, type StartChainsimOptions } from '../../src/testing/index.ts'
import { browserAvailable, bundleForBrowser, launchBrowser, serveStatic, type StaticSite } from '../helpers/browser.ts'

/**
 * A dapp page on another localhost port (its own origin, as a dev server's) calls chainsim from a real
 * Chromium with fetch and with viem's http and webSocket transports: it works by default, and the CORS
 * settings refuse what they say they refuse.
 */

// What the page can do; each resolves with a result or with the error's message.
const PAGE_SCRIPT = `
import { createPublicClient, http, webSocket } from 'viem'
const attempt = async (run) => { try { return { ok: await run() } } catch (error) { return { error: String(error?.shortMessage ?? error?.message ?? error) } } }
window.checks = {
  fetch: (url) => attempt(async () => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
    return (await response.json()).result
  }),
  viemHttp: (url) => attempt(async () => String(await createPublicClient({ transport: http(url, { retryCount: 0 }) }).getChainId())),
  viemWebSocket: (url) => attempt(async () => {
    const transport = webSocket(url, { retryCount: 0, reconnect: false, timeout: 3000 })
    return String(await createPublicClient({ transport }).getBlockNumber())
  }),
}
`

let browser: Browser
let site: StaticSite
let page: Page
const servers: Chainsim[] = []

async function serve(config: StartChainsimOptions['config']): Promise<{ http: (key: string) => string; ws: (key: string) => string }> {
  const chainsim = await startChainsim({ config })
  servers.push(chainsim)
  const { httpUrl, wsUrl } = chainsim.server.networks[0]!
  return { http: (key) => `${httpUrl}/v3/${key}`, ws: (key) => `${wsUrl}/ws/v3/${key}` }
}

const check = (kind: 'fetch' | 'viemHttp' | 'viemWebSocket', url: string) =>
  page.evaluate(([k, u]) => (globalThis as unknown as { checks: Record<string, (url: string) => Promise<{ ok?: string; error?: string }>> }).checks[k]!(u), [
    kind,
    url,
  ] as const)

describe.skipIf(!browserAvailable)('a dapp page in Chromium, on another localhost port', () => {
  beforeAll(async () => {
    const script = await bundleForBrowser(PAGE_SCRIPT)
    site = await serveStatic({
      '/': { type: 'text/html', body: '<!doctype html><title>dapp</title><script type="module" src="/app.js"></script>' },
      '/app.js': { type: 'text/javascript', body: script },
    })
    browser = await launchBrowser()
    page = await browser.newPage()
    await page.goto(`${site.origin}/`)
    await page.waitForFunction(() => 'checks' in globalThis)
  })
  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await Promise.all(servers.map((s) => s.close()))
  })

  test('by default, fetch and viem over http and WebSocket all work', async () => {
    const chainsim = await serve({})
    expect(await check('fetch', chainsim.http('dapp'))).toEqual({ ok: '0x7a69' })
    expect(await check('viemHttp', chainsim.http('dapp'))).toEqual({ ok: '31337' })
    expect(await check('viemWebSocket', chainsim.ws('dapp'))).toEqual({ ok: '0' })
  })

  test('with CORS off, every way in fails', async () => {
    const chainsim = await serve({ cors: false })
    expect(await check('fetch', chainsim.http('dapp'))).toHaveProperty('error')
    expect(await check('viemHttp', chainsim.http('dapp'))).toHaveProperty('error')
    expect(await check('viemWebSocket', chainsim.ws('dapp'))).toHaveProperty('error')
  })

  test('an origin list admits the origins it lists only', async () => {
    const elsewhere = await serve({ cors: ['http://localhost:1'] })
    expect(await check('fetch', elsewhere.http('dapp'))).toHaveProperty('error')
    expect(await check('viemWebSocket', elsewhere.ws('dapp'))).toHaveProperty('error')
    const listed = await serve({ cors: [site.origin] })
    expect(await check('viemHttp', listed.http('dapp'))).toEqual({ ok: '31337' })
    expect(await check('viemWebSocket', listed.ws('dapp'))).toEqual({ ok: '0' })
  })

  test("a key's own origin list admits its origin with that key only", async () => {
    const chainsim = await serve({ cors: false, apiKeys: ['server-side', { key: 'frontend', origins: [site.origin] }] })
    expect(await check('viemHttp', chainsim.http('frontend'))).toEqual({ ok: '31337' })
    expect(await check('viemWebSocket', chainsim.ws('frontend'))).toEqual({ ok: '0' })
    expect(await check('fetch', chainsim.http('server-side'))).toHaveProperty('error')
  })
})
