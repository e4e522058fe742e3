import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import { playScenario } from '../../src/scenarios/playScenario.ts'
import type { RunningServer } from '../../src/server.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'

let served: RunningServer
let url: string

beforeAll(async () => {
  const played = await playScenario(
    {
      name: 'two steps that mine',
      abis: { Notes: ['event Noted(string text)'] },
      steps: [{ mine: 2 }, { name: 'a reorg', reorg: { depth: 1 } }, { rpc: 'eth_blockNumber', expect: { equal: 3 } }],
    },
    { label: 'inline' },
  )
  served = await played.serve({ port: 0 })
  url = `${served.networks[0]!.httpUrl}/v3/test`
})
afterAll(() => served?.close())

describe('valid params', () => {
  test('a played network: each step with its status and the blocks it made', async () => {
    const scenario = await rpc(url, 'sim_scenario')
    expect(scenario).toMatchObject({ file: 'inline', name: 'two steps that mine', ok: true })
    const [mine, reorg, check] = scenario.steps
    expect(mine).toMatchObject({ number: 1, kind: 'mine', status: 'passed' })
    expect(mine.blocks).toHaveLength(2)
    expect(reorg).toMatchObject({ name: 'a reorg', kind: 'reorg', status: 'passed' })
    const tree = await rpc(url, 'sim_forkTree')
    expect(reorg.blocks).toEqual(tree.reorgs[0].addedBlocks)
    expect(check.blocks).toBeUndefined()
    expect(tree.blocks.find((b: { hash: string }) => b.hash === mine.blocks[1]).canonical).toBe(false)
  })

  test('a network no scenario played → null', async () => {
    const plain = await startChainsim()
    expect(await rpc(plain.url, 'sim_scenario')).toBeNull()
    await plain.close()
  })
})

describe('invalid params', () => {
  test('any param → -32602', async () => {
    expect((await rpcError(url, 'sim_scenario', [1])).code).toBe(-32602)
  })
})
