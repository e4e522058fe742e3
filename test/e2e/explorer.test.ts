import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { writeHtmlReport } from '../../src/explorer/htmlReport.ts'
import { collectReportScenario } from '../../src/scenarios/reportData.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import { startChainsim, type Chainsim, type StartChainsimOptions } from '../../src/testing/index.ts'
import { browserAvailable, launchBrowser } from '../helpers/browser.ts'
import { call, screenshot, timeBlockToRow } from '../helpers/explorerPage.ts'
import { consoleDemo } from '../helpers/consoleContract.ts'
import { deployTokenViaRpc, tokenCall } from '../helpers/rpcChain.ts'

/**
 * The explorer at /ui/ in a real Chromium, against a real server: it draws what the chain did (a reorg made by
 * another client appears live, with its orphaned branch), its controls are the control methods, its request
 * log shows what a client was told, and chain data stays text.
 */

const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const OTHER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

let browser: Browser
const servers: Chainsim[] = []

beforeAll(async () => {
  if (browserAvailable) browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(servers.map((s) => s.close()))
})

/** A served network with manual mining: the page's address (`base`, /ui/ is under it) and its JSON-RPC URL. */
async function serve(config: StartChainsimOptions['config'] = {}): Promise<{ base: string; rpc: string }> {
  const chainsim = await startChainsim({ networks: [{ mining: { auto: false } }], config })
  servers.push(chainsim)
  return { base: chainsim.server.networks[0]!.httpUrl, rpc: chainsim.url }
}

async function open(base: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await browser.newPage({ viewport })
  // An alert would mean chain data ran as code.
  page.on('dialog', (dialog) => {
    throw new Error(`the page opened a dialog: ${dialog.message()}`)
  })
  await page.goto(`${base}/ui/`)
  await page.waitForSelector('button.cell[data-canonical="true"]')
  return page
}

describe.skipIf(!browserAvailable)('the explorer in Chromium', () => {
  let chain: { base: string; rpc: string }
  let page: Page

  beforeAll(async () => {
    chain = await serve()
    await call(chain.rpc, 'anvil_mine', [3])
    page = await open(chain.base)
  })
  test('it loads: the header and a row per height, and it can be read with the keyboard', async () => {
    await expect.poll(() => page.locator('h1').textContent()).toBe('chainsim explorer: dev')
    await expect.poll(() => page.locator('.row').count()).toBe(4)
    const head = page.locator('button.cell[data-number="3"]')
    expect(await head.locator('.tag-head').count()).toBe(1)
    await head.focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement).dataset['number'])).toBe('2')
    await page.keyboard.press('Enter')
    await page.waitForSelector('.details h2:has-text("Block 2")')
  })

  test('a reorg made over RPC appears live, the orphaned branch beside the new one, annotated', async () => {
    const token = await deployTokenViaRpc(chain.rpc, { mine: true })
    await call(chain.rpc, 'eth_sendTransaction', [{ from: DEV, to: token, data: tokenCall('transfer', [OTHER, 25n * 10n ** 18n]) }])
    await call(chain.rpc, 'evm_mine')
    const reorg = await call(chain.rpc, 'sim_reorg', [{ depth: 2 }])
    for (const hash of reorg.removedBlocks) await page.waitForSelector(`button.cell.orphaned[data-hash="${hash}"]`)
    for (const hash of reorg.addedBlocks) await page.waitForSelector(`button.cell.canonical[data-hash="${hash}"]`)
    const note = page.locator('.reorgs li').first()
    await expect.poll(() => note.textContent()).toMatch(/#1 sim_reorg .*depth 2; blocks −2 \+3, logs −2 \+2/)
    await page.locator(`button.cell[data-hash="${reorg.removedBlocks[1]}"]`).click()
    await page.waitForSelector('.details .tag-orphaned')
    // The orphaned transfer's log, decoded with the bundled token's ABI, as filters were told: removed.
    await page.locator('.details button.link').first().click()
    const log = page.locator('.logs li.removed').first()
    await expect.poll(() => log.textContent()).toMatch(/^Transfer emitted by .*removed: true.*value: 25000000000000000000/)
    await screenshot(page, 'fork-tree')
  })

  test('the pool: a pending transfer and its log with null positions, gone once mined', async () => {
    const token = await deployTokenViaRpc(chain.rpc, { mine: true })
    const hash = await call(chain.rpc, 'eth_sendTransaction', [{ from: DEV, to: token, data: tokenCall('transfer', [OTHER, 1n]) }])
    await page.getByRole('tab', { name: 'Pool' }).click()
    const pending = page.locator('ol.pool > li', { hasText: hash.slice(0, 6) })
    await expect
      .poll(() => pending.textContent())
      .toMatch(/transfer.*1 pending logs.*Transfer.*logIndex null · transactionIndex null · blockNumber null · blockHash null/)
    await call(chain.rpc, 'evm_mine')
    await expect.poll(() => page.locator('ol.pool > li').count()).toBe(0)
    await page.getByRole('tab', { name: 'Chain' }).click()
  })

  test('the Reorg control performs a reorg with the control method', async () => {
    const before = await call(chain.rpc, 'sim_network')
    await page.getByRole('tab', { name: 'Controls' }).click()
    const form = page.getByRole('form', { name: 'Reorg' })
    await form.getByLabel('depth').fill('1')
    await form.getByRole('button', { name: 'Reorg' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Reorg: done/)
    const after = await call(chain.rpc, 'sim_network')
    expect(after.reorgs).toBe(before.reorgs + 1)
    expect(after.head.hash).not.toBe(before.head.hash)
    const tree = await call(chain.rpc, 'sim_forkTree')
    expect(tree.reorgs[0]).toMatchObject({ method: 'sim_reorg', depth: 1 })
    await screenshot(page, 'controls')
    await page.getByRole('tab', { name: 'Chain' }).click()
    await page.waitForSelector(`button.cell.canonical[data-hash="${after.head.hash}"]`)
  })

  test('the Faults control arms any kind with sim_fault, lists what may still act, and clears them', async () => {
    await page.getByRole('tab', { name: 'Controls' }).click()
    const form = page.getByRole('form', { name: 'Faults' })
    await form.getByLabel('kind').selectOption('lag')
    await form.getByLabel('blocks behind').fill('2')
    await form.getByLabel('rate', { exact: true }).fill('0.5')
    await form.getByRole('button', { name: 'Arm' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Arm a lag fault: done \(true\)/)
    await form.getByLabel('kind').selectOption('error')
    await form.getByLabel('method', { exact: true }).fill('eth_getLogs')
    await form.getByLabel('times', { exact: true }).fill('3')
    await form.getByRole('button', { name: 'Arm' }).click()
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Arm a error fault: done/)
    expect((await call(chain.rpc, 'sim_network')).faults).toEqual([
      { kind: 'error', method: 'eth_getLogs', count: 3, error: { code: -32005, message: 'project ID request rate exceeded' }, left: 3 },
      { kind: 'lag', blocks: 2, rate: 0.5 },
    ])
    expect(
      (
        await fetch(chain.rpc, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{}]}',
        }).then((r) => r.json())
      ).error,
    ).toEqual({ code: -32005, message: 'project ID request rate exceeded' })
    const armed = page.getByRole('list', { name: 'Armed faults' }).getByRole('listitem')
    await expect
      .poll(() => armed.allTextContents())
      .toEqual(['eth_getLogs, -32005 project ID request rate exceeded, 2 left', 'lag: 2 blocks behind, rate 0.5, until cleared'])
    await form.getByRole('button', { name: 'Clear all faults' }).click()
    await expect.poll(() => armed.count()).toBe(0)
    expect((await call(chain.rpc, 'sim_network')).faults).toEqual([])
    await page.getByRole('tab', { name: 'Chain' }).click()
  })

  test('the request log shows what a client was told: a -32005, highlighted', async () => {
    await page.getByRole('tab', { name: 'Clients' }).click()
    const addresses = Array.from({ length: 5001 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`)
    const answer = await fetch(`${chain.rpc}?client=indexer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ address: addresses }] }),
    })
    expect(((await answer.json()) as { error: { code: number } }).error.code).toBe(-32005)
    const row = page.locator('table.requests tr.limited', { hasText: 'eth_getLogs' })
    await row.waitFor()
    expect(await row.textContent()).toMatch(/indexer.*eth_getLogs.*-32005/)
    // The -32005 the Faults control armed earlier answered as a fault: marked apart from the real limit.
    const injected = page.locator('table.requests tr.injected', { hasText: 'eth_getLogs' })
    await expect.poll(() => injected.allTextContents()).toEqual([expect.stringMatching(/eth_getLogs.*-32005 injected project ID request rate exceeded/)])
    await screenshot(page, 'clients')
  })

  test('the Clients view follows what clients do between blocks: a filter installed, then polled', async () => {
    await page.getByRole('tab', { name: 'Clients' }).click()
    const id = await call(`${chain.rpc}?client=indexer`, 'eth_newFilter', [{ address: OTHER }])
    const filter = page.locator('table.filters tr', { hasText: id })
    await filter.waitFor()
    const lastPolled = () => filter.locator('td').nth(4).textContent()
    const installed = await lastPolled()
    await new Promise((resolve) => setTimeout(resolve, 5)) // the poll on a later millisecond than the install
    await call(`${chain.rpc}?client=indexer`, 'eth_getFilterChanges', [id])
    await expect.poll(lastPolled).not.toBe(installed)
    await call(chain.rpc, 'eth_uninstallFilter', [id])
    await filter.waitFor({ state: 'detached' })
  })

  test('chain data is text: a revert reason that is markup shows literally and runs nothing', async () => {
    const reason = '<img src=x onerror=alert(1)>'
    const hash = await call(chain.rpc, 'eth_sendTransaction', [{ from: DEV, data: revertingCreation(reason), gas: '0x100000' }])
    await call(chain.rpc, 'evm_mine')
    const receipt = await call(chain.rpc, 'eth_getTransactionReceipt', [hash])
    expect(receipt.status).toBe('0x0')
    await page.getByRole('tab', { name: 'Chain' }).click()
    await page.locator(`button.cell[data-hash="${receipt.blockHash}"]`).click()
    const cell = page.locator('.details td .bad')
    await expect.poll(() => cell.textContent()).toBe(`failed: ${reason}`)
    await page.locator('.details button.link').first().click()
    await expect.poll(() => page.locator('.revert-reason').textContent()).toBe(reason)
    expect(await page.locator('img').count()).toBe(0)
  })

  test("a transaction's console.log output shows with it, as text", async () => {
    const stop = servers[0]!.node.console.subscribe(() => {})
    try {
      const hash = await call(chain.rpc, 'eth_sendTransaction', [{ from: DEV, data: consoleDemo().bytecode, gas: '0x989680' }])
      await call(chain.rpc, 'evm_mine')
      const receipt = await call(chain.rpc, 'eth_getTransactionReceipt', [hash])
      await page.getByRole('tab', { name: 'Chain' }).click()
      await page.locator(`button.cell[data-hash="${receipt.blockHash}"]`).click()
      await page.locator('.details button.link').first().click()
      await expect.poll(() => page.locator('.console-lines').textContent()).toBe(`deployed by ${getAddress(DEV)}`)
    } finally {
      stop()
    }
  })

  test('a new block shows within the figure this test prints; the page works in a narrow window', async () => {
    const latencies: number[] = []
    for (let i = 0; i < 5; i++) latencies.push(await timeBlockToRow(page))
    console.log(`explorer: block mined → row drawn, small chain: ${latencies.map((ms) => ms.toFixed(1)).join(', ')} ms`)
    const narrow = await open(chain.base, { width: 390, height: 800 })
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await screenshot(narrow, 'narrow')
    await narrow.close()
  })

  test('a chain replaced by anvil_reset, then by anvil_loadState, is drawn anew', async () => {
    const dump = await call(chain.rpc, 'anvil_dumpState')
    const dumped = await call(chain.rpc, 'sim_forkTree')
    await call(chain.rpc, 'anvil_reset')
    await expect.poll(() => page.locator('button.cell').count()).toBe(1)
    const genesis = await call(chain.rpc, 'eth_getBlockByNumber', ['0x0', false])
    await page.waitForSelector(`button.cell.canonical[data-hash="${genesis.hash}"]`)
    await call(chain.rpc, 'anvil_loadState', [dump])
    await page.waitForSelector(`button.cell.canonical[data-hash="${dumped.head.hash}"]`)
    await expect.poll(() => page.locator('h1 + dl.summary').textContent()).toContain(`head${Number(dumped.head.number)}`)
  })

  test('with CORS off the page still works (same origin); with API keys it asks for one', async () => {
    const closed = await serve({ cors: false })
    const page = await open(closed.base)
    expect(await page.locator('.row').count()).toBe(1)
    await page.close()
    const keyed = await serve({ apiKeys: ['s3cret'] })
    const asking = await browser.newPage()
    await asking.goto(`${keyed.base}/ui/`)
    await asking.getByLabel('API key').fill('wrong')
    await asking.getByRole('button', { name: 'Open' }).click()
    await asking.getByText('That key was refused.').waitFor()
    await asking.getByLabel('API key').fill('s3cret')
    await asking.getByRole('button', { name: 'Open' }).click()
    await asking.waitForSelector('button.cell[data-number="0"]')
    await asking.close()
  })

  test("a forked network is drawn from its fork block up: the upstream's blocks below it are no rows", async () => {
    const upstream = await startChainsim({ networks: [{ chainId: 4242 }] })
    servers.push(upstream)
    await call(upstream.url, 'anvil_mine', [20])
    const cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-explorer-fork-'))
    const fork = await startChainsim({ networks: [{ name: 'fork', fork: { url: upstream.url, cacheDir }, mining: { auto: false } }] })
    servers.push(fork)
    await call(fork.url, 'anvil_mine', [2])
    const forked = await open(fork.server.networks[0]!.httpUrl)
    await expect.poll(() => forked.locator('.row').count()).toBe(3)
    expect(await forked.locator('.spacer').getAttribute('aria-label')).toBe('Heights 20 to 22, newest first')
    await forked.locator('button.cell[data-number="22"]').focus()
    await forked.keyboard.press('End')
    await expect.poll(() => forked.evaluate(() => (document.activeElement as HTMLElement).dataset['number'])).toBe('20')
    await forked.close()
  })
})

describe.skipIf(!browserAvailable)('a play --report file in Chromium', () => {
  test('opens from disk with no server and no network: the fork tree with its orphaned block, and the steps', async () => {
    const played = await playScenario(fileURLToPath(new URL('../../scenarios/reorg-moves-transfer.yaml', import.meta.url)))
    const file = join(await mkdtemp(join(tmpdir(), 'chainsim-report-')), 'report.html')
    await writeHtmlReport(file, [await collectReportScenario(played)])
    await played.close()
    const page = await browser.newPage()
    const fetched: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith('file:')) fetched.push(request.url())
    })
    await page.goto(pathToFileURL(file).href)
    await page.waitForSelector('button.cell.orphaned')
    await page.getByRole('tab', { name: 'Scenario' }).click()
    await page.getByRole('heading', { name: /A depth-1 reorg moves a transfer/ }).waitFor()
    expect(await page.locator('.step-passed').count()).toBe(played.report.steps.length)
    await page.locator('.step-blocks button').first().click()
    await page.waitForSelector('.details h2')
    expect(fetched).toEqual([])
    await page.close()
  })
})

/** Creation code that reverts with Error(reason): it copies the revert data that follows it and reverts. */
function revertingCreation(reason: string): string {
  const text = Buffer.from(reason, 'utf8')
  const padded = Buffer.concat([text, Buffer.alloc((32 - (text.length % 32)) % 32)])
  const word = (n: number) => n.toString(16).padStart(64, '0')
  const data = `08c379a0${word(32)}${word(text.length)}${padded.toString('hex')}`
  const length = (data.length / 2).toString(16).padStart(4, '0')
  // PUSH2 len, PUSH2 15 (where the data starts), PUSH1 0, CODECOPY, PUSH2 len, PUSH1 0, REVERT
  return `0x61${length}61000f600039${'61'}${length}6000fd${data}`
}
