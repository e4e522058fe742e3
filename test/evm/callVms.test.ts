import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CallRequest } from '../../src/evm/index.ts'
import { ChainNode } from '../../src/node.ts'
import { balanceOfData, deployToken, transferData } from '../helpers/contracts.ts'
import { fuzzParameters, fuzzTimeout } from '../fuzz/fuzzSettings.ts'

// Calls without state overrides or a tracer run on VMs kept and reused (src/evm/execution/callVms.ts); calls with them
// run on a VM made for the one call, as every call once did. An empty list of state overrides takes the second
// path and changes nothing, so the two paths must give the same answer to every call, whatever ran before.

let node: ChainNode
let token: Uint8Array
const account = (i: number) => node.accounts[i]!.address

/** A call's answer, comparable across the two paths. */
async function answer(request: CallRequest, fresh: boolean) {
  const result = await node.execution.call(request, node.head, fresh ? { stateOverrides: [] } : {})
  return {
    success: result.success,
    returnValue: Buffer.from(result.returnValue).toString('hex'),
    gasUsed: result.gasUsed,
    error: result.error,
    logs: result.logs.length,
  }
}

const balanceOf = (holder: number): CallRequest => ({ from: account(0), to: token, data: balanceOfData(account(holder)) })
const transfer = (from: number, to: number, amount: bigint): CallRequest => ({ from: account(from), to: token, data: transferData(account(to), amount) })

beforeAll(async () => {
  node = await ChainNode.create({ mining: { auto: true } })
  token = await deployToken(node, 0, 1_000_000n)
  for (const holder of [1, 2, 3]) await node.sendTransaction({ from: account(0), to: token, data: transferData(account(holder), 1000n) })
})
afterAll(() => node.close())

describe('calls on reused VMs', () => {
  test('a call that writes leaves nothing behind: the next call reads the chain as it is', async () => {
    const before = await answer(balanceOf(2), false)
    // Moves 600 tokens from account 1 to account 2, in the call only.
    expect((await answer(transfer(1, 2, 600n), false)).success).toBe(true)
    expect(await answer(balanceOf(2), false)).toEqual(before)
    // Had the first transfer stayed, this one (600 more of account 1's 1000) would fail.
    expect((await answer(transfer(1, 2, 600n), false)).success).toBe(true)
  })

  test("calls running at once never see each other's writes", async () => {
    const alone = await answer(balanceOf(3), false)
    const mixed = await Promise.all([
      answer(transfer(3, 1, 999n), false),
      answer(balanceOf(3), false),
      answer(transfer(3, 2, 999n), false),
      answer(balanceOf(3), false),
    ])
    expect(mixed[0]!.success).toBe(true)
    expect(mixed[2]!.success).toBe(true)
    expect(mixed[1]).toEqual(alone)
    expect(mixed[3]).toEqual(alone)
  })

  test(
    'property: every call answers as on a VM made for it, through mined blocks, reverts and concurrent calls',
    async () => {
      const holder = fc.integer({ min: 0, max: 4 })
      const step = fc.oneof(
        fc.record({ kind: fc.constant('balance' as const), holder }),
        fc.record({ kind: fc.constant('transfer' as const), from: holder, to: holder, amount: fc.bigInt({ min: 0n, max: 2000n }) }),
        fc.record({ kind: fc.constant('mine' as const), from: fc.integer({ min: 0, max: 3 }), to: holder, amount: fc.bigInt({ min: 1n, max: 5n }) }),
        fc.record({ kind: fc.constant('snapshotRevert' as const) }),
        fc.record({ kind: fc.constant('concurrent' as const), holders: fc.array(holder, { minLength: 2, maxLength: 5 }) }),
      )
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          const snapshot = await node.reorgs.snapshot()
          try {
            for (const s of steps) {
              if (s.kind === 'balance') {
                expect(await answer(balanceOf(s.holder), false)).toEqual(await answer(balanceOf(s.holder), true))
              } else if (s.kind === 'transfer') {
                const request = transfer(s.from, s.to, s.amount)
                expect(await answer(request, false)).toEqual(await answer(request, true))
                const reused = await node.execution.estimateGas(request, node.head)
                const fresh = await node.execution.estimateGas(request, node.head, { stateOverrides: [] })
                expect('gas' in reused ? reused.gas : reused.failure.error).toEqual('gas' in fresh ? fresh.gas : fresh.failure.error)
              } else if (s.kind === 'mine') {
                await node.sendTransaction({ from: account(s.from), to: token, data: transferData(account(s.to), s.amount) })
              } else if (s.kind === 'snapshotRevert') {
                const inner = await node.reorgs.snapshot()
                await node.sendTransaction({ from: account(1), to: token, data: transferData(account(4), 1n) })
                await answer(balanceOf(4), false)
                await node.reorgs.revert(inner)
              } else {
                const requests = s.holders.flatMap((h, i) => [balanceOf(h), transfer(h, (h + i + 1) % 5, 1n)])
                const together = await Promise.all(requests.map((r) => answer(r, false)))
                const oneByOne: Awaited<ReturnType<typeof answer>>[] = []
                for (const r of requests) oneByOne.push(await answer(r, true))
                expect(together).toEqual(oneByOne)
              }
            }
          } finally {
            await node.reorgs.revert(snapshot)
          }
        }),
        fuzzParameters(25),
      )
    },
    fuzzTimeout(25),
  )
})
