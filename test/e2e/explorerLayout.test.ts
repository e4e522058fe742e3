import { createWalletClient, http } from 'viem'
import { foundry } from 'viem/chains'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { browserAvailable, launchBrowser } from '../helpers/browser.ts'
import { call, screenshot } from '../helpers/explorerPage.ts'
import { deployTokenViaRpc, devAccount, tokenCall } from '../helpers/rpcChain.ts'
import { WsClient } from '../helpers/wsClient.ts'

/**
 * The explorer's layout at a desktop width and a phone's, in Chromium against a served chain that has what made
 * its rough edges show: genesis tagged safe and finalized, a height with two orphaned branches beside the
 * canonical block, a token transfer with a log, a viem write. Each test is run at both widths.
 */

const WIDTHS = [
  { name: 'desktop', width: 1400, height: 900 },
  { name: 'phone', width: 390, height: 800 },
] as const

const DEV = devAccount(0).address
const OTHER = devAccount(1).address

let browser: Browser
let chainsim: Chainsim
let base: string
let url: string
/** The height where two reorgs each left an orphaned block beside the canonical one. */
let crowded: number
let transferBlock: string

beforeAll(async () => {
  if (!browserAvailable) return
  browser = await launchBrowser()
  chainsim = await startChainsim({ networks: [{ mining: { auto: false } }] })
  base = chainsim.server.networks[0]!.httpUrl
  url = chainsim.url
  const token = await deployTokenViaRpc(url, { mine: true })
  await call(url, 'eth_sendTransaction', [{ from: DEV, to: token, data: tokenCall('transfer', [OTHER, 25n * 10n ** 18n]) }])
  await call(url, 'evm_mine')
  transferBlock = (await call(url, 'eth_getBlockByNumber', ['latest', false])).hash
  await call(url, 'anvil_mine', [2])
  await call(url, 'sim_reorg', [{ depth: 1, length: 1 }])
  await call(url, 'sim_reorg', [{ depth: 1, length: 1 }])
  crowded = Number(await call(url, 'eth_blockNumber'))
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await chainsim?.close()
})

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport })
  await page.goto(`${base}/ui/`)
  await page.waitForSelector(`button.cell[data-number="${crowded}"].orphaned`)
  return page
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

/** Whether `inner` lies inside `outer` (a pixel of rounding allowed). */
function inside(inner: { x: number; y: number; width: number; height: number }, outer: { x: number; y: number; width: number; height: number }): boolean {
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  )
}

describe.skipIf(!browserAvailable).each(WIDTHS)('the explorer at $width×$height', (viewport) => {
  let page: Page
  beforeAll(async () => {
    page = await open(viewport)
  })
  afterAll(() => page?.close())

  test('every tag fits in its cell: finalized on genesis, orphaned on a side branch', async () => {
    await page.locator('.viewport').evaluate((element) => (element.scrollTop = element.scrollHeight))
    const genesis = page.locator('button.cell[data-number="0"]')
    await genesis.waitFor()
    expect(await genesis.locator('.tag').allTextContents()).toEqual(expect.arrayContaining(['safe', 'finalized']))
    const cells = [genesis, ...(await page.locator(`button.cell[data-number="${crowded}"]`).all())]
    await page.locator('.viewport').evaluate((element) => (element.scrollTop = 0))
    for (const cell of cells) {
      await cell.scrollIntoViewIfNeeded()
      const cellBox = await box(cell)
      for (const tag of await cell.locator('.tag').all()) {
        expect(inside(await box(tag), cellBox), `${await tag.textContent()} in ${await cell.getAttribute('data-hash')}`).toBe(true)
      }
    }
    await screenshot(page, `explorer-tags-${viewport.name}`)
  })

  test('three blocks at one height: all in view on a desktop, each scrolled wholly into view on a phone', async () => {
    const cells = await page.locator(`button.cell[data-number="${crowded}"]`).all()
    expect(cells.length).toBe(3)
    const tree = await box(page.locator('.viewport'))
    if (viewport.width >= 1000) {
      await cells[0]!.scrollIntoViewIfNeeded()
      for (const cell of cells) expect(inside(await box(cell), tree), `block ${await cell.getAttribute('data-hash')} in view with the others`).toBe(true)
    }
    for (const cell of cells) {
      await cell.scrollIntoViewIfNeeded()
      expect(inside(await box(cell), tree), `block ${await cell.getAttribute('data-hash')} within the tree`).toBe(true)
    }
    await page.locator('.viewport').evaluate((element) => (element.scrollLeft = 0))
  })

  test("a block's details come into view when it is opened", async () => {
    await page.evaluate(() => window.scrollTo(0, 0))
    const cell = page.locator(`button.cell[data-number="${crowded - 1}"][data-canonical="true"]`)
    await cell.scrollIntoViewIfNeeded()
    await cell.click()
    const heading = page.locator(`.details h2:has-text("Block ${crowded - 1}")`)
    await heading.waitFor()
    await expect.poll(async () => inside(await box(heading), { x: 0, y: 0, width: viewport.width, height: viewport.height })).toBe(true)
  })

  test('a transaction shows its quantities in decimal, and a log names the contract that emitted it', async () => {
    await page.evaluate((hash) => document.querySelector<HTMLButtonElement>(`button.cell[data-hash="${hash}"]`)?.click(), transferBlock)
    await page.locator('.viewport').evaluate((element) => (element.scrollTop = element.scrollHeight))
    await page.locator(`button.cell[data-hash="${transferBlock}"]`).click()
    await page.locator('.details button.link').first().click()
    const fields = page.locator('.transaction .fields')
    await fields.waitFor()
    const value = (name: string) => fields.locator(`dt:text-is("${name}") + dd`).textContent()
    expect(await value('gas limit')).toMatch(/^\d+$/)
    expect(await value('gas used')).toMatch(/^\d+$/)
    expect(await value('nonce')).toMatch(/^\d+$/)
    expect(await value('type')).toBe('2')
    expect(await fields.textContent()).not.toMatch(/\b0x[0-9a-f]{1,8}\b(?![0-9a-f])/)
    const heading = page.locator('.logs li p').first()
    expect(await heading.textContent()).toMatch(/^Transfer emitted by 0x[0-9a-f]{4}…[0-9a-f]{4}/)
    await screenshot(page, `explorer-transaction-${viewport.name}`)
  })

  test("a control's error is shown in its own form, under its button", async () => {
    await page.getByRole('tab', { name: 'Controls' }).click()
    const form = page.getByRole('form', { name: 'Reorg' })
    await form.getByLabel('depth').fill('100000')
    const button = form.getByRole('button', { name: 'Reorg' })
    await button.click()
    const status = form.getByRole('status')
    await expect.poll(() => status.textContent()).toMatch(/^Reorg failed: /)
    expect(await page.getByRole('status').count()).toBe(1)
    expect(await status.getAttribute('class')).toContain('error')
    const [statusBox, buttonBox] = [await box(status), await box(button)]
    expect(statusBox.y).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height - 1)
    expect(statusBox.y - (buttonBox.y + buttonBox.height)).toBeLessThan(80)
    await page.getByRole('tab', { name: 'Chain' }).click()
  })

  test("the header counts other clients' subscriptions, not the page's own", async () => {
    const header = page.locator('.summary dt:text-is("subscriptions") + dd')
    await expect.poll(() => header.textContent()).toBe('0')
    const client = await WsClient.open(chainsim.wsUrl)
    try {
      await client.subscribe('newHeads')
      await call(url, 'evm_mine')
      await expect.poll(() => header.textContent()).toBe('1')
    } finally {
      client.socket.close()
      await call(url, 'evm_mine')
    }
    await expect.poll(() => header.textContent()).toBe('0')
  })

  test('a viem write leaves no failed call in the Clients tab (its eth_fillTransaction is answered)', async () => {
    const wallet = createWalletClient({ chain: foundry, transport: http(`${url}?client=viem-${viewport.name}`), account: devAccount(2) })
    await wallet.sendTransaction({ to: OTHER, value: 1n })
    await page.getByRole('tab', { name: 'Clients' }).click()
    const rows = page.locator('table.list tr', { hasText: `viem-${viewport.name}` })
    await expect.poll(() => rows.filter({ hasText: 'eth_fillTransaction' }).count()).toBeGreaterThan(0)
    expect(await rows.and(page.locator('tr.failed')).count()).toBe(0)
    await page.getByRole('tab', { name: 'Chain' }).click()
  })
})
