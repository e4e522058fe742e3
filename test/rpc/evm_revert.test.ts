import type { Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, hex, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'
import { type WireLog, block, changes, transferOn } from '../helpers/reorgRpc.ts'

const MINIMAL_HEX = /^0x(0|[1-9a-f][0-9a-f]*)$/
const [a0, a1, a2] = [0, 1, 2].map((i) => devAccount(i).address) as [Hex, Hex, Hex]

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

const getLogs = (url: string, filter: unknown) => rpc<WireLog[]>(url, 'eth_getLogs', [filter])

describe('valid params', () => {
  test('evm_revert goes back to the snapshot: blocks removed, a log filter sees their logs removed', async () => {
    const tip = await block(anvil, 'latest')
    const id = await rpc<Hex>(anvil, 'evm_snapshot')
    expect(id).toMatch(MINIMAL_HEX)
    const filter = await rpc<string>(anvil, 'eth_newFilter', [{ address: anvilToken }])
    const sent = [await transferOn(anvil, anvilToken, a1, 4n), await transferOn(anvil, anvilToken, a2, 5n)]
    const reported = await changes(anvil, filter)
    expect(reported).toHaveLength(2)
    expect(await rpc(anvil, 'evm_revert', [id])).toBe(true)
    expect((await block(anvil, 'latest')).hash).toBe(tip.hash)
    expect(await block(anvil, hex(BigInt(tip.number) + 1n))).toBeNull()
    for (const hash of sent) expect(await rpc(anvil, 'eth_getTransactionByHash', [hash])).toBeNull()
    const after = await changes(anvil, filter)
    expect(after).toEqual(reported.map((l) => ({ ...l, removed: true })))
    const canonical = await getLogs(anvil, { address: anvilToken, fromBlock: 'earliest' })
    expect(canonical.some((l) => sent.includes(l.transactionHash))).toBe(false)
    // A snapshot is used up by reverting to it.
    expect(await rpc(anvil, 'evm_revert', [id])).toBe(false)
  })

  test('the state and the pool go back too; snapshots taken after the one reverted to are gone with it', async () => {
    const outer = await rpc<Hex>(anvil, 'evm_snapshot')
    const balance = await rpc(anvil, 'eth_getBalance', [a2, 'latest'])
    await send(anvil, { from: a0, to: a2, value: '0x1000' })
    const inner = await rpc<Hex>(anvil, 'evm_snapshot')
    await rpc(anvil, 'anvil_setBalance', [a2, '0x1'])
    expect(await rpc(anvil, 'evm_revert', [outer])).toBe(true)
    expect(await rpc(anvil, 'eth_getBalance', [a2, 'latest'])).toBe(balance)
    expect(await rpc(anvil, 'evm_revert', [inner])).toBe(false)
  })

  test('anvil_revert is the same method', async () => {
    const tip = (await block(anvil, 'latest')).hash
    const id = await rpc<Hex>(anvil, 'anvil_snapshot')
    await rpc(anvil, 'evm_mine')
    expect(await rpc(anvil, 'anvil_revert', [id])).toBe(true)
    expect((await block(anvil, 'latest')).hash).toBe(tip)
  })

  test('an id never given → false, nothing changed', async () => {
    const tip = (await block(anvil, 'latest')).hash
    expect(await rpc(anvil, 'evm_revert', ['0xfff'])).toBe(false)
    expect((await block(anvil, 'latest')).hash).toBe(tip)
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no id → -32602', [], /missing value for required argument 0/],
    ['an id that is not a number → -32602', ['first'], /invalid argument 0/],
    ['two arguments → -32602', ['0x1', '0x2'], /too many arguments/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(anvil, 'evm_revert', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }
})
