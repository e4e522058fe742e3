import { describe, expect, test } from 'vitest'
import { StateUnavailable } from '../../src/chain/errors.ts'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { DEFAULT_LOG_LIMITS } from '../../src/logs/index.ts'
import { createNetworkRpc } from '../../src/network.ts'
import { ChainNode } from '../../src/node.ts'
import { ReorgError } from '../../src/reorg/errors.ts'
import { startChainsim } from '../../src/testing/index.ts'
import { devAccount, hex, send } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'

const WINDOW = 4

/** A node that keeps the states of its newest `WINDOW` blocks; each block pays account 1 one wei more. */
async function windowedNode(stateBlocks: number | 'all' = WINDOW) {
  const node = await ChainNode.create({ mining: { auto: true }, stateBlocks })
  const [payer, payee] = node.accounts as [(typeof node.accounts)[0], (typeof node.accounts)[0]]
  const start = await node.execution.stateAt(node.head).getBalance(payee.address)
  const pay = () => node.sendTransaction({ from: payer.address, to: payee.address, value: 1n })
  const balanceAt = (number: bigint) => node.execution.stateAt(node.chain.blockByNumber(number)!).getBalance(payee.address)
  return { node, payee, start, pay, balanceAt }
}

describe('the state window', () => {
  test('the newest blocks and the genesis keep their state; an older block says which block and what is kept', async () => {
    const { node, start, pay, balanceAt } = await windowedNode()
    for (let i = 0; i < 10; i++) await pay()
    const head = node.head.number
    for (let n = head - BigInt(WINDOW) + 1n; n <= head; n++) expect(await balanceAt(n)).toBe(start + n)
    expect(await balanceAt(0n)).toBe(start)
    for (const n of [1n, head - BigInt(WINDOW)]) {
      expect(() => node.execution.stateAt(node.chain.blockByNumber(n)!)).toThrow(StateUnavailable)
      expect(() => node.execution.stateAt(node.chain.blockByNumber(n)!)).toThrow(
        new RegExp(`missing trie node: the state of block ${n} .*newest ${WINDOW} blocks`),
      )
    }
    await node.close()
  })

  test('over JSON-RPC a read beyond the window is -32000 naming the block; eth_call and eth_getProof too', async () => {
    const { node, payee, pay } = await windowedNode()
    for (let i = 0; i < 8; i++) await pay()
    const { dispatcher } = createNetworkRpc(node, { limits: DEFAULT_LOG_LIMITS })
    const address = `0x${Buffer.from(payee.address).toString('hex')}`
    const call = async (method: string, params: unknown[]) =>
      (await dispatcher.handle({ jsonrpc: '2.0', id: 1, method, params }, { transport: 'http' })) as { error?: { code: number; message: string } }
    for (const [method, params] of [
      ['eth_getBalance', [address, '0x2']],
      ['eth_call', [{ to: address }, '0x2']],
      ['eth_getProof', [address, [], '0x2']],
    ] as const) {
      const answer = await call(method, [...params])
      expect(answer.error?.code, method).toBe(-32000)
      expect(answer.error?.message, method).toMatch(/missing trie node: the state of block 2 /)
    }
    expect((await call('eth_getBalance', [address, 'latest'])).error).toBeUndefined()
    await node.close()
  })

  test('a reorg that needs a state older than the window is refused, forced or not; one within it works', async () => {
    const { node, start, pay, balanceAt } = await windowedNode()
    for (let i = 0; i < 8; i++) await pay()
    const head = node.head.number
    for (const force of [false, true]) {
      await expect(node.reorgs.simReorg({ depth: WINDOW, force })).rejects.toThrow(ReorgError)
      await expect(node.reorgs.rollback(WINDOW, force)).rejects.toThrow(/needs the state of block \d+, which is no longer kept/)
    }
    expect(node.head.number).toBe(head)
    await node.reorgs.simReorg({ depth: WINDOW - 1 })
    expect(await balanceAt(node.head.number - 1n)).toBe(start + head)
    await node.close()
  })

  test('a snapshot keeps its state past the window: reverting to it works, and the chain goes on from there', async () => {
    const { node, start, pay, balanceAt } = await windowedNode()
    await pay()
    await pay()
    const id = await node.reorgs.snapshot()
    const snapshotHead = node.head.number
    for (let i = 0; i < 10; i++) await pay()
    // Kept by the snapshot, not by the window: still readable, unlike its neighbours.
    expect(await balanceAt(snapshotHead)).toBe(start + 2n)
    expect(() => node.execution.stateAt(node.chain.blockByNumber(snapshotHead + 1n)!)).toThrow(StateUnavailable)
    expect(await node.reorgs.revert(id)).toBe(true)
    expect(node.head.number).toBe(snapshotHead)
    expect(await balanceAt(snapshotHead)).toBe(start + 2n)
    await pay()
    await node.reorgs.simReorg({ depth: 1 })
    expect(await balanceAt(node.head.number)).toBe(start + 3n)
    await node.close()
  })

  test("state set on the head, then mined past the window, is the block's own", async () => {
    const { node, payee, pay } = await windowedNode()
    await node.setAccountState([{ address: payee.address, balance: 5n }])
    for (let i = 0; i < 10; i++) await pay()
    expect(await node.execution.stateAt(node.head).getBalance(payee.address)).toBe(15n)
    await node.close()
  })

  test("'all' keeps every block's state", async () => {
    const { node, start, pay, balanceAt } = await windowedNode('all')
    for (let i = 0; i < 10; i++) await pay()
    for (let n = 0n; n <= node.head.number; n++) expect(await balanceAt(n)).toBe(start + n)
    await node.close()
  })
})

describe('history.stateBlocks in the config', () => {
  test('a served network keeps the configured window: over HTTP an older block is -32000', async () => {
    const server = await startChainsim({ networks: [{ history: { stateBlocks: 2 } }] })
    try {
      const [from, to] = [devAccount(0).address, devAccount(1).address]
      for (let i = 0; i < 4; i++) await send(server.url, { from, to, value: hex(1) })
      await expect(rpc(server.url, 'eth_getBalance', [to, '0x1'])).rejects.toMatchObject({
        code: -32000,
        message: expect.stringMatching(/state of block 1 .*newest 2 blocks/),
      })
      await expect(rpc(server.url, 'eth_getBalance', [to, '0x3'])).resolves.toMatch(/^0x/)
    } finally {
      await server.close()
    }
  })

  test('a count of blocks or "all"; anything else is refused by name', () => {
    const network = { name: 'n', chainId: 1 }
    expect(parseConfig({ networks: [{ ...network, history: { stateBlocks: 'all' } }] }).networks[0]!.history).toEqual({ stateBlocks: 'all' })
    for (const stateBlocks of [0, -1, 1.5, 'some']) {
      expect(() => parseConfig({ networks: [{ ...network, history: { stateBlocks } }] })).toThrow(/networks\.0\.history\.stateBlocks/)
    }
  })
})
