import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { block, changes, head, transferOn } from '../helpers/reorgRpc.ts'

const [a0, a1] = [devAccount(0).address, devAccount(1).address] as [Hex, Hex]

const test = rpcTestWith([{ name: 'anvil' }, { name: 'final', finality: { safeDepth: 1, finalizedDepth: 2 } }])
let server: DevServer
let anvil: string
let anvilToken: Hex
/** finality { safeDepth: 1, finalizedDepth: 2 }, six blocks mined. */
let final: string
test.beforeAll(async ({ server: started }) => {
  server = started
  anvil = server.networks['anvil']!.url
  final = server.networks['final']!.url
  anvilToken = await deployTokenViaRpc(anvil)
  await rpc(final, 'anvil_mine', ['0x6'])
})

describe('valid params', () => {
  test('anvil_rollback removes blocks without replacing them; filters see the removal', async () => {
    const logFilter = await rpc<string>(anvil, 'eth_newFilter', [{ address: anvilToken }])
    const blockFilter = await rpc<string>(anvil, 'eth_newBlockFilter')
    await transferOn(anvil, anvilToken, a1, 3n)
    await rpc(anvil, 'evm_mine')
    await rpc(anvil, 'evm_mine')
    const reported = await changes(anvil, logFilter)
    expect(await changes(anvil, blockFilter)).toHaveLength(3)
    const top = await head(anvil)
    const target = await block(anvil, hex(top - 3n))
    expect(await rpc(anvil, 'anvil_rollback', [2])).toBeNull()
    expect(await head(anvil)).toBe(top - 2n)
    expect(await rpc(anvil, 'anvil_rollback', [])).toBeNull()
    expect((await block(anvil, 'latest')).hash).toBe(target.hash)
    expect(await block(anvil, hex(top))).toBeNull()
    const after = await changes(anvil, logFilter)
    expect(after).toEqual([{ ...reported[0], removed: true }])
    // Nothing new was added, so the block filter has nothing; the next mined block it reports.
    expect(await changes(anvil, blockFilter)).toEqual([])
    await rpc(anvil, 'evm_mine')
    expect(await changes<Hex>(anvil, blockFilter)).toEqual([(await block(anvil, 'latest')).hash])
  })

  test('the state goes back with the blocks: a balance reads as at the new head', async () => {
    const before = await rpc(anvil, 'eth_getBalance', [a1, 'latest'])
    await send(anvil, { from: a0, to: a1, value: '0x1000' })
    expect(await rpc(anvil, 'eth_getBalance', [a1, 'latest'])).not.toBe(before)
    expect(await rpc(anvil, 'anvil_rollback', [1])).toBeNull()
    expect(await rpc(anvil, 'eth_getBalance', [a1, 'latest'])).toBe(before)
  })
})

describe('invalid params', () => {
  test('past finalized → -32602 naming finalized, and nothing removed; accepted with force', async () => {
    const top = await head(final)
    expect(await rpcError(final, 'anvil_rollback', [3])).toMatchObject({ code: -32602, message: expect.stringMatching(/finalized/) })
    expect(await head(final)).toBe(top)
    expect(await rpc(final, 'anvil_rollback', [3, true])).toBeNull()
    expect(await head(final)).toBe(top - 3n)
  })

  const cases: Array<[string, unknown[], RegExp]> = [
    ['a depth that is not a number → -32602', ['deep'], /invalid argument 0/],
    ['a force that is not a boolean → -32602', [1, 'yes'], /invalid argument 1/],
    ['three arguments → -32602', [1, false, 1], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const top = await head(anvil)
      const error = await rpcError(anvil, 'anvil_rollback', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
      expect(await head(anvil)).toBe(top)
    })
  }
})
