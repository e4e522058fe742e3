import { describe, expect } from 'vitest'
import { REORG_PROFILES } from '../../src/reorg/profiles/index.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

// Its own fixture: `rpcTest.override` would change the fixture every later file of the worker shares.
const test = rpcTestWith([{ mining: { auto: false } }, { name: 'configured', mining: { auto: false }, reorgs: { profile: 'bsc', seed: 3 } }])
let url: string
let configured: string
test.beforeAll(async ({ server }) => {
  url = server.url
  configured = server.networks['configured']!.url
})

describe('valid params', () => {
  test('[] answers the profile followed (null for none); [{profile, seed}] follows one, [null] stops it', async () => {
    expect(await rpc(url, 'sim_reorgProfile', [])).toBeNull()
    const polygon = REORG_PROFILES.polygon!
    expect(await rpc(url, 'sim_reorgProfile', [{ profile: 'polygon', seed: 7 }])).toEqual({
      profile: {
        name: 'polygon',
        description: polygon.description,
        probability: polygon.probability,
        depths: Object.fromEntries(polygon.depths.map((d) => [String(d.depth), d.weight])),
        transactions: polygon.transactions,
        sources: polygon.sources,
      },
      seed: 7,
    })
    expect((await rpc(url, 'sim_network')).reorgProfile).toEqual({ name: 'polygon', seed: 7 })
    expect(await rpc(url, 'sim_reorgProfile', [null])).toBeNull()
    expect(await rpc(url, 'sim_reorgProfile', [{ profile: 'none' }])).toBeNull()
    expect((await rpc(url, 'sim_network')).reorgProfile).toBeNull()
  })

  test('a custom profile object is followed, and its reorgs are counted in sim_network', async () => {
    const before = (await rpc(url, 'sim_network')).reorgs
    const answer = await rpc(url, 'sim_reorgProfile', [{ profile: { name: 'always', probability: 1, depths: { 1: 1 } } }])
    expect(answer).toMatchObject({
      profile: { name: 'always', probability: 1, depths: { 1: 1 }, transactions: { reinclude: 1, drop: 0, reorder: false } },
      seed: 1,
    })
    await rpc(url, 'anvil_mine', [5])
    await rpc(url, 'sim_reorgProfile', [null])
    expect((await rpc(url, 'sim_network')).reorgs).toBe(before + 5)
    const reorged = await rpc(url, 'sim_forkTree', [])
    expect(JSON.stringify(reorged)).toContain('"profile"')
  })

  test('a network configured with reorgs follows its profile from the start', async () => {
    expect(await rpc(configured, 'sim_reorgProfile', [])).toMatchObject({ profile: { name: 'bsc' }, seed: 3 })
  })
})

describe('invalid params', () => {
  test('an unknown name, a malformed profile, a file path, or another shape is -32602 naming what is wrong', async () => {
    expect(await rpcError(url, 'sim_reorgProfile', [{ profile: 'solana' }])).toEqual({
      code: -32602,
      message: 'invalid argument 0: unknown reorg profile "solana": one of ethereum, polygon, optimism, arbitrum, bsc, none, or a profile object',
    })
    expect(await rpcError(url, 'sim_reorgProfile', [{ profile: './profile.yaml' }])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/unknown reorg profile/),
    })
    expect(await rpcError(url, 'sim_reorgProfile', [{ profile: { name: 'x', probability: 2, depths: { 1: 1 } } }])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/probability: .*(<=|at most|1)/),
    })
    expect(await rpcError(url, 'sim_reorgProfile', [{ profile: { name: 'x', probability: 0.1, depths: { 0: 1 } } }])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/depths/),
    })
    expect(
      await rpcError(url, 'sim_reorgProfile', [{ profile: { name: 'x', probability: 0.1, depths: { 1: 1 }, transactions: { reinclude: 0.8, drop: 0.5 } } }]),
    ).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/reinclude \+ drop is at most 1/),
    })
    expect(await rpcError(url, 'sim_reorgProfile', [{ profile: 'polygon', seed: 1.5 }])).toMatchObject({ code: -32602 })
    expect(await rpcError(url, 'sim_reorgProfile', ['polygon'])).toMatchObject({ code: -32602 })
    expect(await rpcError(url, 'sim_reorgProfile', [{ profile: 'polygon', extra: 1 }])).toMatchObject({ code: -32602 })
    expect(await rpc(url, 'sim_reorgProfile', [])).toBeNull()
  })
})
