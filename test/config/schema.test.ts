import { describe, expect, test } from 'vitest'
import { ConfigError, parseConfig } from '../../src/config/loadConfig.ts'

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

  test('two networks on one fixed port are refused by the second one\'s key', () => {
    const message = refusal({ networks: [{ name: 'a', chainId: 1, port: 9545 }, { name: 'b', chainId: 2, port: 9545 }] })
    expect(message).toMatch(/networks\.1\.port/)
    expect(message).toMatch(/port 9545 is also networks\.0's/)
  })

  test('port 0 (any free port) may be given to several networks', () => {
    const config = parseConfig({ networks: [{ name: 'a', chainId: 1, port: 0 }, { name: 'b', chainId: 2, port: 0 }] }, 'test.json')
    expect(config.networks.map((n) => n.port)).toEqual([0, 0])
  })

  test('a safe depth past the finalized depth is refused: a finalized block is also safe', () => {
    const message = refusal({ networks: [{ name: 'a', chainId: 1, finality: { safeDepth: 10, finalizedDepth: 5 } }] })
    expect(message).toMatch(/networks\.0\.finality\.safeDepth/)
    expect(message).toMatch(/must not exceed finalizedDepth/)
    expect(parseConfig({ networks: [{ name: 'a', chainId: 1, finality: { safeDepth: 5, finalizedDepth: 5 } }] }, 'test.json').networks[0]!.finality).toEqual({ safeDepth: 5, finalizedDepth: 5 })
  })

  test('a replay needs its last block, a fork either an upstream or a fixture, and a reorg profile one chainsim knows or can read', () => {
    expect(refusal({ networks: [{ name: 'a', fork: { url: 'http://127.0.0.1:9/', replaySpeed: 'realtime' } }] })).toMatch(/networks\.0\.fork\.replayTo: replaySpeed and replayPaused go with replayTo/)
    expect(refusal({ networks: [{ name: 'a', fork: { url: 'http://127.0.0.1:9/', fixture: 'f.gz' } }] })).toMatch(/networks\.0\.fork\.url: give either url .* or fixture/)
    expect(refusal({ networks: [{ name: 'a', fork: { fixture: 'f.gz', blockNumber: 3 } }] })).toMatch(/networks\.0\.fork\.fixture: a fixture holds its fork block and plays offline/)
    expect(refusal({ networks: [{ name: 'a', fork: { url: 'http://127.0.0.1:9/', replayTo: 10, replaySpeed: 0 } }] })).toMatch(/replaySpeed/)
    expect(refusal({ networks: [{ name: 'a', chainId: 1, reorgs: { profile: 'solana' } }] })).toMatch(/networks\.0\.reorgs\.profile: .*unknown reorg profile "solana"/)
    expect(refusal({ networks: [{ name: 'a', chainId: 1, reorgs: { profile: './missing-profile.yaml' } }] })).toMatch(/networks\.0\.reorgs\.profile: reorg profile \.\/missing-profile\.yaml: ENOENT/)
    expect(refusal({ networks: [{ name: 'a', chainId: 1, reorgs: { profile: { name: 'x', probability: 0.5, depths: {} } } }] })).toMatch(/depths: give at least one depth/)
    const config = parseConfig({ networks: [{ name: 'a', fork: { url: 'http://127.0.0.1:9/', blockNumber: 5, replayTo: 10, replaySpeed: 2.5 } }, { name: 'b', chainId: 1, reorgs: { profile: 'polygon', seed: 3 } }] }, 'test.json')
    expect(config.networks[0]!.fork).toMatchObject({ replayTo: 10, replaySpeed: 2.5 })
    expect(config.networks[1]!.reorgs).toEqual({ profile: 'polygon', seed: 3 })
  })

  test('duplicate network names are refused', () => {
    expect(refusal({ networks: [{ name: 'a', chainId: 1 }, { name: 'a', chainId: 2 }] })).toMatch(/duplicate network name \(also networks\.0\)/)
  })

  test('a top-level history is the state window of every network that sets none', () => {
    const config = parseConfig({ history: { stateBlocks: 300 }, networks: [{ name: 'a', chainId: 1 }, { name: 'b', chainId: 2, history: { stateBlocks: 'all' } }] }, 'test.json')
    expect(config.networks.map((n) => n.history)).toEqual([{ stateBlocks: 300 }, { stateBlocks: 'all' }])
    expect(refusal({ history: { stateBlocks: 0 }, networks: [{ name: 'a', chainId: 1 }] })).toMatch(/history\.stateBlocks/)
  })
})
