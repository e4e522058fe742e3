import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodeFunctionData } from 'viem'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import type { Chainsim } from '../../src/testing/index.ts'
import { browserAvailable, launchBrowser } from '../helpers/browser.ts'
import { rpc as call } from '../helpers/rpcClient.ts'
import { compileBank, creationCode, writeFoundryOut } from '../helpers/foundryOut.ts'

/*
 * The explorer in a real Chromium with `--artifacts DIR`: a transaction's contract is named from the project's
 * out/, its call decoded with its ABI, and an orphaned copy links to the block that mined it again.
 */

const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

let dir: string
let browser: Browser
let chainsim: Chainsim

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chainsim-explorer-artifacts-'))
  writeFoundryOut(join(dir, 'out'), ['Bank'])
  chainsim = await startChainsim({ networks: [{ mining: { auto: false } }], artifacts: join(dir, 'out') })
  if (browserAvailable) browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await chainsim.close()
  rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(!browserAvailable)('the explorer with the project artifacts', () => {
  let page: Page
  let orphanedBlock: string
  let reincluded: { number: string; hash: string; index: number }

  beforeAll(async () => {
    const rpc = chainsim.url
    const deploy = await call(rpc, 'eth_sendTransaction', [{ from: DEV, data: creationCode('Bank') }])
    await call(rpc, 'evm_mine')
    const { contractAddress } = await call(rpc, 'eth_getTransactionReceipt', [deploy])
    const data = encodeFunctionData({ abi: compileBank().Bank.abi, functionName: 'deposit', args: ['rent'] })
    const deposit = await call(rpc, 'eth_sendTransaction', [{ from: DEV, to: contractAddress, data, value: '0x64' }])
    await call(rpc, 'evm_mine')
    orphanedBlock = (await call(rpc, 'eth_getTransactionReceipt', [deposit])).blockHash
    await call(rpc, 'sim_reorg', [{ depth: 1, reinclude: 'all' }])
    const receipt = await call(rpc, 'eth_getTransactionReceipt', [deposit])
    reincluded = { number: receipt.blockNumber, hash: receipt.blockHash, index: Number(receipt.transactionIndex) }
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(`${chainsim.server.networks[0]?.httpUrl}/ui/`)
    await page.waitForSelector(`button.cell.orphaned[data-hash="${orphanedBlock}"]`)
  })

  test('an orphaned transaction names its contract, decodes its call and links to the block that mined it again', async () => {
    await page.locator(`button.cell.orphaned[data-hash="${orphanedBlock}"]`).click()
    await page.waitForSelector('.details h2:has-text("orphaned")')
    await page.locator('.details button.link').first().click()
    await expect.poll(() => page.locator('.transaction .contract-name').textContent()).toMatch(/^Bank called at 0x/)
    await expect.poll(() => page.locator('.transaction .decoded').first().textContent()).toContain('Call: deposit (Bank: deposit(string))')
    const link = page.locator('.transaction button.reincluded')
    expect(await link.textContent()).toBe(`block ${BigInt(reincluded.number)}, transaction ${reincluded.index}`)
    await link.click()
    await page.waitForSelector(`.details h2:has-text("Block ${BigInt(reincluded.number)}")`)
    await expect.poll(() => page.locator('.details h2').first().textContent()).toContain('canonical')
    await expect.poll(() => page.locator('.transaction h3').textContent()).toBe(`Transaction ${reincluded.index}`)
    await expect.poll(() => page.locator('.transaction .contract-name').textContent()).toMatch(/^Bank called at 0x/)
    expect(await page.locator('.transaction button.reincluded').count()).toBe(0)
  })
})
