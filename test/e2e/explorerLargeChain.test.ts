import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { explorerAssets } from '../../src/explorer/assets.ts'
import { FIRST_TREE_MARK } from '../../src/explorer/ui/marks.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { browserAvailable, launchBrowser } from '../helpers/browser.ts'
import { call, screenshot, timeBlockToRow } from '../helpers/explorerPage.ts'

/**
 * The explorer on a chain of 100,000 real blocks (empty ones: the cheapest the node mines, ~0.27 ms each,
 * built with anvil_mine as any client would): the page draws only the rows in view and reads only their
 * heights, so it opens, follows new blocks and jumps across the chain as it does on a short chain. The test
 * asserts what makes that so (rows drawn, reads made) and prints the times, which CI machines are too noisy
 * to assert.
 */

const BLOCKS = 100_000

let browser: Browser
let chainsim: Chainsim
let page: Page

describe.skipIf(!browserAvailable)('the explorer on 100,000 blocks', () => {
  beforeAll(async () => {
    chainsim = await startChainsim({ networks: [{ mining: { auto: false } }] })
    const started = performance.now()
    for (let mined = 0; mined < BLOCKS; mined += 10_000) await call(chainsim.url, 'anvil_mine', [10_000])
    console.log(`explorer: ${BLOCKS} blocks mined with anvil_mine in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    browser = await launchBrowser()
    // As `chainsim serve` does at launch: the page's first visitor does not wait for the bundle.
    await explorerAssets()
  }, 240_000)
  afterAll(async () => {
    await browser?.close()
    await chainsim?.close()
  })

  test("first paint, live blocks and a jump to the middle: a screen's worth of rows and reads each time", async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    const reads: string[] = []
    page.on('websocket', (ws) => ws.on('framesent', (frame) => reads.push(String(frame.payload))))
    await page.goto(`${chainsim.server.networks[0]!.httpUrl}/ui/`)
    await page.waitForSelector(`button.cell[data-number="${BLOCKS}"]`)
    const firstTree = await page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime, FIRST_TREE_MARK)
    const rows = await page.locator('.row').count()
    expect(rows).toBeLessThan(60)

    const latencies: number[] = []
    for (let i = 0; i < 5; i++) latencies.push(await timeBlockToRow(page))
    const treeReads = () => reads.filter((r) => r.includes('"sim_forkTree"')).length
    const readsBefore = treeReads()
    await timeBlockToRow(page)
    // A new block on the head goes into the tree as the notification brings it: no read at all.
    expect(treeReads()).toBe(readsBefore)

    const middle = BLOCKS / 2
    const jump = await page.evaluate(async (height) => {
      const viewport = document.querySelector('.viewport') as HTMLElement
      const top = Number((document.querySelector('.row') as HTMLElement).dataset['height'])
      const started = performance.now()
      viewport.scrollTop = (top - height) * 34
      await new Promise<void>((resolve) => {
        const check = () => (document.querySelector(`button.cell[data-number="${height}"]`) ? resolve() : requestAnimationFrame(check))
        check()
      })
      return performance.now() - started
    }, middle)
    expect(await page.locator('.row').count()).toBeLessThan(60)
    await screenshot(page, 'large-chain')
    console.log(
      `explorer, ${BLOCKS} blocks: first tree drawn ${firstTree?.toFixed(0)} ms after navigation; block mined → row drawn ${latencies.map((ms) => ms.toFixed(1)).join(', ')} ms; jump to block ${middle} drawn in ${jump.toFixed(1)} ms; ${rows} rows in the DOM`,
    )
  }, 60_000)
})
