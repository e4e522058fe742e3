import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'

/**
 * Where the explorer tests put their screenshots: docs/screenshots when CHAINSIM_SCREENSHOTS=1 (to refresh the
 * ones the docs show), else a temporary folder, so that `npm test` leaves the working tree as it was.
 */
export const SCREENSHOT_DIR =
  process.env['CHAINSIM_SCREENSHOTS'] === '1' ? fileURLToPath(new URL('../../docs/screenshots', import.meta.url)) : join(tmpdir(), 'chainsim-screenshots')
mkdirSync(SCREENSHOT_DIR, { recursive: true })

export function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) })
}

/** JSON-RPC over HTTP from the test (a client other than the page). */
export async function call<T = any>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await answer.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

/**
 * Asks the page to mine one block over its own origin and times how long until the tree shows it: the
 * call, the `chain` notification and the row drawn.
 */
export function timeBlockToRow(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const rpc = async (method: string) => {
      const answer = await fetch('/v3/explorer', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
      })
      return ((await answer.json()) as { result: string }).result
    }
    const head = Number(await rpc('eth_blockNumber'))
    const started = performance.now()
    await rpc('evm_mine')
    const selector = `button.cell[data-number="${head + 1}"][data-canonical="true"]`
    await new Promise<void>((resolve) => {
      const check = () => (document.querySelector(selector) ? resolve() : requestAnimationFrame(check))
      check()
    })
    return performance.now() - started
  })
}
