import { describe, expect, test } from 'vitest'
import { playScenario } from '../../src/scenarios/playScenario.ts'

// A scenario network's `hardfork` is the rules its node runs, as a served network's.

const CLZ_OF_ONE = '0x60011e60005260206000f3'

describe('a scenario network’s hardfork', () => {
  test('each network runs its own: CLZ answers at latest, and is refused at prague naming the fork', async () => {
    const played = await playScenario({
      name: 'two rules',
      networks: [
        { name: 'today', chainId: 31337 },
        { name: 'older', chainId: 31338, hardfork: 'prague' },
      ],
      steps: [
        { network: 'today', rpc: { method: 'eth_call', params: [{ data: CLZ_OF_ONE }, 'latest'] }, expect: { equal: `0x${'0'.repeat(62)}ff` } },
        {
          network: 'older',
          rpc: { method: 'eth_call', params: [{ data: CLZ_OF_ONE }, 'latest'] },
          expect: { error: { code: -32000, message: 'invalid opcode: CLZ is not available before osaka; this chain runs prague' } },
        },
      ],
    })
    expect(played.report.ok, JSON.stringify(played.report)).toBe(true)
    expect(Object.values(played.nodes).map((node) => node.hardfork)).toEqual(['bpo2', 'prague'])
  })
})
