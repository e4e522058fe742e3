import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/config/defaults.ts'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { ConfigError } from '../../src/config/errors.ts'
import { editDistance, nearestName } from '../../src/config/nearestName.ts'
import { chainsimConfig, networkConfig } from '../../src/config/schema.ts'
import type { NetworkConfig } from '../../src/config/schema.ts'
import { LATEST_HARDFORK } from '../../src/evm/index.ts'
import { nodeOptionsFor } from '../../src/network.ts'
import { forkOptionsOf } from '../../src/config/forkOptions.ts'

/** What the config refuses before anything starts, each refusal naming the key. */
describe('config validation across keys', () => {
  const refusal = (input: unknown): string => {
    try {
      parseConfig(input, 'test.json')
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return (error as Error).message
    }
    throw new Error('accepted')
  }

  test("two networks on one fixed port are refused by the second one's key", () => {
    const message = refusal({
      networks: [
        { name: 'a', chainId: 1, port: 9545 },
        { name: 'b', chainId: 2, port: 9545 },
      ],
    })
    expect(message).toMatch(/networks\.1\.port/)
    expect(message).toMatch(/port 9545 is also networks\.0's/)
  })

  test('port 0 (any free port) may be given to several networks', () => {
    const config = parseConfig(
      {
        networks: [
          { name: 'a', chainId: 1, port: 0 },
          { name: 'b', chainId: 2, port: 0 },
        ],
      },
      'test.json',
    )
    expect(config.networks.map((n) => n.port)).toEqual([0, 0])
  })

  test('a fork block is named `block` or `blockNumber`, not both', () => {
    const fork = (given: Record<string, unknown>) =>
      parseConfig({ networks: [{ name: 'f', fork: { url: 'http://127.0.0.1:9/', replayTo: 10, ...given } }] }, 'test.json').networks[0]!.fork!
    expect(forkOptionsOf(fork({ block: 5 })).blockNumber).toBe(5n)
    expect(forkOptionsOf(fork({ blockNumber: 5 })).blockNumber).toBe(5n)
    expect(refusal({ networks: [{ name: 'f', fork: { url: 'http://127.0.0.1:9/', block: 5, blockNumber: 5 } }] })).toMatch(
      /networks\.0\.fork\.block: block and blockNumber name the same block/,
    )
  })

  test('a safe depth past the finalized depth is refused: a finalized block is also safe', () => {
    const message = refusal({ networks: [{ name: 'a', chainId: 1, finality: { safeDepth: 10, finalizedDepth: 5 } }] })
    expect(message).toMatch(/networks\.0\.finality\.safeDepth/)
    expect(message).toMatch(/must not exceed finalizedDepth/)
    expect(parseConfig({ networks: [{ name: 'a', chainId: 1, finality: { safeDepth: 5, finalizedDepth: 5 } }] }, 'test.json').networks[0]!.finality).toEqual({
      safeDepth: 5,
      finalizedDepth: 5,
    })
  })

  test('a replay needs its last block, a fork either an upstream or a fixture, and a reorg profile one chainsim knows or can read', () => {
    expect(refusal({ networks: [{ name: 'a', fork: { url: 'http://127.0.0.1:9/', replaySpeed: 'realtime' } }] })).toMatch(
      /networks\.0\.fork\.replayTo: replaySpeed and replayPaused go with replayTo/,
    )
    expect(refusal({ networks: [{ name: 'a', fork: { url: 'http://127.0.0.1:9/', fixture: 'f.gz' } }] })).toMatch(
      /networks\.0\.fork\.url: give either url .* or fixture/,
    )
    expect(refusal({ networks: [{ name: 'a', fork: { fixture: 'f.gz', blockNumber: 3 } }] })).toMatch(
      /networks\.0\.fork\.fixture: a fixture holds its fork block and plays offline/,
    )
    expect(refusal({ networks: [{ name: 'a', fork: { url: 'http://127.0.0.1:9/', replayTo: 10, replaySpeed: 0 } }] })).toMatch(/replaySpeed/)
    expect(refusal({ networks: [{ name: 'a', chainId: 1, reorgs: { profile: 'solana' } }] })).toMatch(
      /networks\.0\.reorgs\.profile: .*unknown reorg profile "solana"/,
    )
    expect(refusal({ networks: [{ name: 'a', chainId: 1, reorgs: { profile: './missing-profile.yaml' } }] })).toMatch(
      /networks\.0\.reorgs\.profile: reorg profile \.\/missing-profile\.yaml: ENOENT/,
    )
    expect(refusal({ networks: [{ name: 'a', chainId: 1, reorgs: { profile: { name: 'x', probability: 0.5, depths: {} } } }] })).toMatch(
      /depths: give at least one depth/,
    )
    const config = parseConfig(
      {
        networks: [
          { name: 'a', fork: { url: 'http://127.0.0.1:9/', blockNumber: 5, replayTo: 10, replaySpeed: 2.5 } },
          { name: 'b', chainId: 1, reorgs: { profile: 'polygon', seed: 3 } },
        ],
      },
      'test.json',
    )
    expect(config.networks[0]!.fork).toMatchObject({ replayTo: 10, replaySpeed: 2.5 })
    expect(config.networks[1]!.reorgs).toEqual({ profile: 'polygon', seed: 3 })
  })

  test('duplicate network names are refused', () => {
    expect(
      refusal({
        networks: [
          { name: 'a', chainId: 1 },
          { name: 'a', chainId: 2 },
        ],
      }),
    ).toMatch(/duplicate network name \(also networks\.0\)/)
  })

  test('a top-level history is the state window of every network that sets none', () => {
    const config = parseConfig(
      {
        history: { stateBlocks: 300 },
        networks: [
          { name: 'a', chainId: 1 },
          { name: 'b', chainId: 2, history: { stateBlocks: 'all' } },
        ],
      },
      'test.json',
    )
    expect(config.networks.map((n) => n.history)).toEqual([{ stateBlocks: 300 }, { stateBlocks: 'all' }])
    expect(refusal({ history: { stateBlocks: 0 }, networks: [{ name: 'a', chainId: 1 }] })).toMatch(/history\.stateBlocks/)
  })

  test('a top-level hardfork is the rules of every network that names none; a network’s own wins', () => {
    const config = parseConfig(
      {
        hardfork: 'Prague',
        networks: [
          { name: 'a', chainId: 1 },
          { name: 'b', chainId: 2, hardfork: 'osaka' },
        ],
      },
      'test.json',
    )
    expect(config.networks.map((n) => n.hardfork)).toEqual(['Prague', 'osaka'])
    expect(nodeOptionsFor(config.networks[0] as NetworkConfig).hardfork).toBe('prague')
    expect(nodeOptionsFor(parseConfig({ networks: [{ name: 'a', chainId: 1, hardfork: 'LATEST' }] }, 'test.json').networks[0] as NetworkConfig).hardfork).toBe(
      LATEST_HARDFORK,
    )
  })

  test('an unknown hardfork is refused by its key, naming the accepted ones; one before the merge says why', () => {
    const message = refusal({ networks: [{ name: 'a', chainId: 1, hardfork: 'pragueish' }] })
    expect(message).toMatch(/networks\.0\.hardfork/)
    expect(message).toMatch(/paris, shanghai, cancun, prague, osaka, bpo1, bpo2, latest/)
    expect(refusal({ hardfork: 'london', networks: [{ name: 'a', chainId: 1 }] })).toMatch(
      /hardfork.*london is before the merge: chainsim mines proof-of-stake blocks only/s,
    )
  })
})

describe('a config with no networks', () => {
  test('serves the embedded default networks, with the rest of the file applied', () => {
    const config = parseConfig({ limits: { maxBatchSize: 10 }, rateLimit: { requestsPerSecond: 5 } }, 'test.json')
    const defaults = parseConfig(DEFAULT_CONFIG, 'defaults')
    expect(config.networks).toEqual(defaults.networks)
    expect(config.networks.map((n) => n.name)).toEqual(['dev', 'dev-interval'])
    expect(config.limits.maxBatchSize).toBe(10)
  })

  test('a top-level history reaches the default networks too', () => {
    expect(parseConfig({ history: { stateBlocks: 300 } }).networks.map((n) => n.history)).toEqual([{ stateBlocks: 300 }, { stateBlocks: 300 }])
  })

  test('an empty list is still refused: a list given names the networks', () => {
    expect(() => parseConfig({ networks: [] })).toThrow(/networks: \[\] is not a list of at least 1 item/)
  })
})

describe('refusals name the value and what is expected', () => {
  const refusal = (input: unknown): string => {
    try {
      parseConfig(input, 'test.json')
    } catch (error) {
      return (error as Error).message
    }
    throw new Error('accepted')
  }
  const network = { name: 'dev', chainId: 1 }

  test.each([
    [{ networks: [{ ...network, mining: { intervalMs: 'fast' } }] }, 'networks.0.mining.intervalMs: "fast" is not a number of milliseconds'],
    [{ networks: [{ ...network, mining: 'auto' }] }, 'networks.0.mining: "auto" is not { "auto": true } (a block per transaction)'],
    [{ networks: [{ ...network, port: 70000 }] }, 'networks.0.port: 70000 is not a port number, 0 to 65535'],
    [{ networks: [{ ...network, chainId: 1.5 }] }, 'networks.0.chainId: 1.5 is not a chain id (a whole number, at least 1)'],
    [{ networks: [{ chainId: 1 }] }, 'networks.0.name: missing: expected a name of letters, digits, - and _'],
    [{ networks: [network], cors: 5 }, 'cors: 5 is not "*", a list of origins, or false'],
    [{ networks: [network], history: { stateBlocks: -1 } }, 'history.stateBlocks: -1 is not a number of blocks (a whole number, at least 1), or "all"'],
    [{ networks: [network], limits: { wsIdleTimeoutMs: 'soon' } }, 'limits.wsIdleTimeoutMs: "soon" is not a number of milliseconds'],
    [{ networks: [{ ...network, limits: { profile: 'infira' } }] }, 'networks.0.limits.profile: "infira" is not one of "infura"'],
    [{ networks: [network], hots: 'x' }, 'unknown key hots; did you mean host?'],
    [{ networks: [network], zzz: 1 }, 'unknown key zzz; the keys here are host, apiKeys'],
  ])('%j', (input, message) => {
    expect(refusal(input)).toContain(message)
  })
})

/** Each config key, mistyped by one edit, is answered with a key one edit away (the key itself when no other is). */
test('a key one edit away from a config key suggests a key one edit away', () => {
  const keys = [...Object.keys(chainsimConfig.def.in.def.shape), ...Object.keys(networkConfig.def.shape)]
  const edit = fc.tuple(
    fc.constantFrom(...keys),
    fc.nat(),
    fc.constantFrom('insert', 'delete', 'replace', 'swap'),
    fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
  )
  fc.assert(
    fc.property(edit, ([key, at, kind, letter]) => {
      const i = at % key.length
      const typo =
        kind === 'insert'
          ? key.slice(0, i) + letter + key.slice(i)
          : kind === 'delete'
            ? key.slice(0, i) + key.slice(i + 1)
            : kind === 'replace'
              ? key.slice(0, i) + letter + key.slice(i + 1)
              : i + 1 < key.length
                ? key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2)
                : key
      const suggested = nearestName(typo, keys)
      expect(suggested).toBeDefined()
      expect(editDistance(typo.toLowerCase(), suggested!.toLowerCase())).toBeLessThanOrEqual(editDistance(typo.toLowerCase(), key.toLowerCase()))
      const others = keys.filter((k) => k !== key && editDistance(typo.toLowerCase(), k.toLowerCase()) <= 1)
      if (others.length === 0 && typo !== '') expect(suggested).toBe(key)
    }),
  )
})
