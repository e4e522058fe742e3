import { describe, expect, test } from 'vitest'
import { bytesToHex, createDevCommon, signTransaction } from '../../src/evm/index.ts'
import { ChainNode } from '../../src/node.ts'
import type { NodeOptions } from '../../src/nodeOptions.ts'
import { ProfileDraws, REORG_PROFILES, resolveReorgProfile } from '../../src/reorg/profiles/index.ts'
import type { ReorgProfile } from '../../src/reorg/profiles/index.ts'

// Each profile's rate and depths, held to its parameters: first over the draws the network makes after each mined
// block (millions of them, no chain), then on real chains that must make exactly those draws' reorgs.

/** How many standard deviations a count may stray from its expectation before the test calls it wrong. */
const SIGMAS = 5

function expectBinomial(observed: number, trials: number, p: number, what: string) {
  const mean = trials * p
  const sigma = Math.sqrt(trials * p * (1 - p))
  expect(Math.abs(observed - mean), `${what}: ${observed} observed, ${mean.toFixed(1)} ± ${sigma.toFixed(1)} expected`).toBeLessThanOrEqual(SIGMAS * sigma + 1)
}

/** Reorgs the draws call for over `blocks` mined blocks: the depth after each, by the block's index. */
function drawn(profile: ReorgProfile, seed: number, blocks: number): Map<number, number> {
  const draws = new ProfileDraws(profile, seed)
  const reorgs = new Map<number, number>()
  for (let i = 0; i < blocks; i++) {
    const depth = draws.afterBlock()
    if (depth !== undefined) reorgs.set(i, depth)
  }
  return reorgs
}

function checkDistribution(profile: ReorgProfile, reorgs: Iterable<number>, total: number) {
  const counts = new Map<number, number>()
  for (const depth of reorgs) counts.set(depth, (counts.get(depth) ?? 0) + 1)
  const weight = profile.depths.reduce((sum, d) => sum + d.weight, 0)
  for (const { depth, weight: w } of profile.depths) expectBinomial(counts.get(depth) ?? 0, total, w / weight, `${profile.name} depth ${depth}`)
  expect([...counts.keys()].every((depth) => profile.depths.some((d) => d.depth === depth))).toBe(true)
}

async function manualNode(options: NodeOptions = {}): Promise<ChainNode> {
  return ChainNode.create({ mining: { auto: false }, clock: { kind: 'fixed', genesisTime: 1_700_000_000n, blockTime: 12n }, ...options })
}

/** The rules the dev chains of these tests run: transactions are signed under them. */
const common = createDevCommon(31337n, 'dev')

const PROFILES = Object.values(REORG_PROFILES).filter((p) => p.probability > 0)

describe('each built-in profile’s draws hold to its rate and depths', () => {
  for (const profile of PROFILES) {
    test(`${profile.name}: ${profile.probability} a block`, () => {
      // Enough blocks for a few thousand reorgs, at most 5 million draws (for the rarest, a few dozen reorgs).
      const blocks = Math.min(5_000_000, Math.ceil(3000 / profile.probability))
      const reorgs = drawn(profile, 7, blocks)
      expectBinomial(reorgs.size, blocks, profile.probability, `${profile.name} reorgs in ${blocks} blocks`)
      // Depths, given a reorg: the same depth draw, from a profile that always reorganizes.
      const always = new ProfileDraws({ ...profile, probability: 1 }, 11)
      const depths = Array.from({ length: 200_000 }, () => always.afterBlock() as number)
      checkDistribution(profile, depths, depths.length)
      expect(profile.sources.length, `${profile.name} cites its sources`).toBeGreaterThan(0)
    })
  }

  test('none never reorganizes; every profile re-includes, pools or drops as its shares say', () => {
    expect(drawn(REORG_PROFILES.none!, 1, 100_000).size).toBe(0)
    for (const profile of PROFILES) {
      const draws = new ProfileDraws(profile, 3)
      const fates = { reinclude: 0, pool: 0, drop: 0 }
      const n = 100_000
      for (let i = 0; i < n; i++) fates[draws.fate()]++
      expectBinomial(fates.reinclude, n, profile.transactions.reinclude, `${profile.name} re-included`)
      expectBinomial(fates.drop, n, profile.transactions.drop, `${profile.name} dropped`)
    }
  })
})

describe('a chain following a profile', () => {
  // The rarest profiles would make no reorg in a thousand blocks: here they draw at least 2% of blocks (their
  // rates are held above, over millions of draws), so that their depths and the chain's cuts are seen.
  test.each(PROFILES.map((p) => [p.name, { ...p, probability: Math.max(p.probability, 0.02) }] as const))(
    '%s: the chain makes exactly the reorgs its draws call for, never past finalized',
    async (_name, profile) => {
      const node = await manualNode({ reorgs: { profile, seed: 5 }, finality: { safeDepth: 32n, finalizedDepth: 64n } })
      try {
        const blocks = 1000
        await node.mine(blocks)
        const expected = drawn(profile, 5, blocks)
        const observed = node.reorgs.history.touching(0n, 1_000_000n, 100_000).reverse()
        // The block mined i-th is block i + 1; a reorg after it removes `depth` blocks, cut at finalized (head - 64).
        const want = [...expected].map(([i, depth]) => ({ head: BigInt(i + 1), depth: Math.min(depth, i + 1, 64) }))
        expect(observed.map((r) => ({ head: r.commonAncestor.number + BigInt(r.removed.length), depth: r.removed.length }))).toEqual(want)
        expect(observed.length).toBeGreaterThan(5)
        expect(observed.every((r) => r.cause === 'profile' && r.added.length === r.removed.length)).toBe(true)
        expect(node.head.number).toBe(BigInt(blocks))
      } finally {
        await node.close()
      }
    },
  )

  test('over thousands of blocks, a frequent custom profile’s observed rate and depths hold to it', async () => {
    const profile = resolveReorgProfile({ name: 'frequent', probability: 0.05, depths: { 1: 6, 2: 3, 5: 1 } })
    const node = await manualNode({ reorgs: { profile, seed: 9 } })
    try {
      const blocks = 4000
      await node.mine(blocks)
      const reorgs = node.reorgs.history.touching(0n, 1_000_000n, 100_000)
      expectBinomial(reorgs.length, blocks, 0.05, 'reorgs')
      // Past the first blocks, no depth is cut by finality (64 blocks back).
      checkDistribution(
        profile,
        reorgs.map((r) => r.removed.length),
        reorgs.length,
      )
      expect(node.reorgs.history.total).toBe(reorgs.length)
    } finally {
      await node.close()
    }
  })

  test('never past finalized: deep draws are cut to what lies above the finalized block, which keeps its hash', async () => {
    const profile = resolveReorgProfile({ name: 'deep', probability: 0.5, depths: { 10: 1 } })
    const node = await manualNode({ reorgs: { profile, seed: 2 }, finality: { safeDepth: 1n, finalizedDepth: 3n } })
    try {
      const finalizedHashes = new Map<bigint, string>()
      for (let i = 0; i < 200; i++) {
        await node.mine(1)
        const finalized = node.chain.tagNumber('finalized')
        const hash = node.chain.blockByNumber(finalized)!.hashKey
        const seen = finalizedHashes.get(finalized)
        if (seen) expect(hash).toBe(seen)
        finalizedHashes.set(finalized, hash)
      }
      const reorgs = node.reorgs.history.touching(0n, 1_000_000n, 1000)
      expect(reorgs.length).toBeGreaterThan(50)
      expect(Math.max(...reorgs.map((r) => r.removed.length))).toBe(3)
      for (const r of reorgs) expect(r.commonAncestor.number).toBeGreaterThanOrEqual(r.commonAncestor.number + BigInt(r.removed.length) - 3n)
    } finally {
      await node.close()
    }
  })

  test('the same seed and the same traffic give the same hashes; another seed, other ones', async () => {
    const run = async (seed: number) => {
      const profile = resolveReorgProfile({
        name: 'busy',
        probability: 0.3,
        depths: { 1: 1, 2: 1 },
        transactions: { reinclude: 0.6, drop: 0.1, reorder: true },
      })
      const node = await manualNode({ reorgs: { profile, seed } })
      try {
        const [alice, bob] = node.accounts
        for (let i = 0; i < 40; i++) {
          for (const [j, sender] of [alice!, bob!].entries()) {
            const nonce = await node.pendingNonce(sender.address)
            const signed = signTransaction(
              {
                type: 2,
                chainId: node.chainId,
                nonce,
                to: new Uint8Array(20).fill(j + 1),
                value: BigInt(i + 1),
                gasLimit: 21_000n,
                maxFeePerGas: 10n ** 10n,
                maxPriorityFeePerGas: 10n ** 9n,
              },
              sender.privateKey,
              common,
            )
            await node.sendRawTransaction(signed.raw)
          }
          await node.mine(1)
        }
        return {
          head: node.head.hashKey,
          reorgs: node.reorgs.history.total,
          blocks: Array.from({ length: 41 }, (_, n) => node.chain.blockByNumber(BigInt(n))?.hashKey),
        }
      } finally {
        await node.close()
      }
    }
    const [a, b, c] = [await run(4), await run(4), await run(5)]
    expect(a.reorgs).toBeGreaterThan(5)
    expect(b).toEqual(a)
    expect(c.head).not.toBe(a.head)
  })

  test('orphaned transactions are re-included, sent back to the pool or dropped, as the profile’s shares say', async () => {
    const fatesOf = async (transactions: { reinclude: number; drop: number }) => {
      const profile = resolveReorgProfile({ name: 'once', probability: 1, depths: { 1: 1 }, transactions })
      const node = await manualNode()
      try {
        const [alice] = node.accounts
        const hashes: string[] = []
        for (let i = 0; i < 3; i++) {
          const signed = signTransaction(
            {
              type: 2,
              chainId: node.chainId,
              nonce: BigInt(i),
              to: new Uint8Array(20).fill(9),
              value: 1n,
              gasLimit: 21_000n,
              maxFeePerGas: 10n ** 10n,
              maxPriorityFeePerGas: 10n ** 9n,
            },
            alice!.privateKey,
            common,
          )
          hashes.push(bytesToHex(await node.sendRawTransaction(signed.raw)))
        }
        // Block 1 holds them; the reorg drawn after it removes it.
        await node.reorgs.setProfile({ profile, seed: 1 })
        await node.mine(1)
        await node.reorgs.setProfile(undefined)
        expect(node.reorgs.history.total).toBe(1)
        return hashes.map((hash) => node.transaction(hash)?.status ?? 'dropped')
      } finally {
        await node.close()
      }
    }
    expect(await fatesOf({ reinclude: 1, drop: 0 })).toEqual(['mined', 'mined', 'mined'])
    expect(await fatesOf({ reinclude: 0, drop: 0 })).toEqual(['pending', 'pending', 'pending'])
    expect(await fatesOf({ reinclude: 0, drop: 1 })).toEqual(['dropped', 'dropped', 'dropped'])
  })
})
