import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { bytesToHex } from '../../src/evm/index.ts'
import type { ChainNode } from '../../src/node.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'

const file = (name: string) => fileURLToPath(new URL(`../../scenarios/${name}`, import.meta.url))

/** Every canonical block's hash and timestamp, genesis to head. */
function canonical(node: ChainNode): string[] {
  const out: string[] = []
  for (let n = 0n; n <= node.head.number; n++) {
    const block = node.chain.blockByNumber(n)!
    out.push(`${n} ${block.hashKey} ${block.timestamp}`)
  }
  return out
}

test.each(['reorg-reorders-logs.yaml', 'interval-mining-subscriptions.yaml', 'two-networks.json'])(
  '%s: two playbacks give identical block hashes, transaction hashes and reorg branches',
  async (name) => {
    const first = await playScenario(file(name))
    const second = await playScenario(file(name))
    try {
      expect(first.report.ok && second.report.ok).toBe(true)
      for (const network of Object.keys(first.nodes)) {
        const a = first.nodes[network]!
        const b = second.nodes[network]!
        expect(a.head.number).toBeGreaterThan(1n)
        expect(canonical(b)).toEqual(canonical(a))
      }
      // Bound values include transaction hashes, raw signed transactions and sim_reorg's answers (orphaned hashes).
      expect(second.names).toEqual(first.names)
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  },
)

test('the clock comes from the file: another genesis time gives other hashes, the same file the same ones', async () => {
  const scenario = (genesisTime: number) => ({ name: 'clock', clock: { genesisTime, blockTime: 2 }, steps: [{ mine: 3 }] })
  const [a, b, c] = await Promise.all([playScenario(scenario(1_800_000_000)), playScenario(scenario(1_800_000_000)), playScenario(scenario(1_800_000_001))])
  try {
    expect(a.node.head.timestamp).toBe(1_800_000_006n)
    expect(bytesToHex(b.node.head.hash)).toBe(bytesToHex(a.node.head.hash))
    expect(bytesToHex(c.node.head.hash)).not.toBe(bytesToHex(a.node.head.hash))
  } finally {
    await Promise.all([a.close(), b.close(), c.close()])
  }
})
