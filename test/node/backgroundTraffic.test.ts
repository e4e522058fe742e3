import { describe, expect, test, vi } from 'vitest'
import { BackgroundTraffic } from '../../src/backgroundTraffic.ts'
import { DEFAULT_LOG_LIMITS } from '../../src/logs/index.ts'
import { ChainNode } from '../../src/node.ts'

/** Transfer logs on the node's canonical chain now. */
async function transferLogs(node: ChainNode): Promise<number> {
  const result = await node.queryLogs({ addresses: [], topics: [], fromBlock: 0n, toBlock: 'latest' }, DEFAULT_LOG_LIMITS)
  if (result.status !== 'ok') throw new Error(`log query refused: ${result.status}`)
  return result.canonical.length
}

describe('background traffic', () => {
  test('ERC-20 transfers with logs, again on the new chain after anvil_reset takes the token away', async () => {
    const node = await ChainNode.create({ mining: { auto: true } })
    const errors: unknown[] = []
    const traffic = new BackgroundTraffic(node, 20, (error) => errors.push(error))
    try {
      await traffic.start()
      // The deployment's own mint, then at least one transfer.
      await vi.waitFor(async () => expect(await transferLogs(node)).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 })
      await node.reset()
      expect(await transferLogs(node)).toBe(0)
      await vi.waitFor(async () => expect(await transferLogs(node)).toBeGreaterThanOrEqual(2), { timeout: 10_000, interval: 20 })
      expect(errors).toEqual([])
    } finally {
      traffic.stop()
      await node.close()
    }
  })
})
