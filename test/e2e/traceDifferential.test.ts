import type { Hex, TransactionSerializable } from 'viem'
import { pad } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EventEmitter, Relay } from '../../src/contracts/index.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil, type AnvilProcess } from '../helpers/anvil.ts'
import { devAccount, emitterCall, relayCall } from '../helpers/rpcChain.ts'
import { rpc, rpcRaw } from '../helpers/rpcClient.ts'

/**
 * The same signed transactions sent to chainsim and to Anvil 1.7.1 (same mnemonic, chain id and
 * hardfork), then traced, called with overrides and simulated on both: the answers must agree.
 * Where Anvil departs from geth, chainsim answers as geth and the comparison leaves that part out
 * (docs/reference/simulation-and-tracing.md): CREATE/CREATE2's gasCost (geth leaves the callee's gas out),
 * the failing opcode's error and gasCost, callTracer's top-level gas (geth: the transaction's gas
 * limit) and log `index`, logs of failed frames (geth drops them), created and self-destructed
 * accounts in prestateTracer, and a reverted simulated call's returnData and error.
 */

const sender = devAccount(1)
const stranger = '0x00000000000000000000000000000000000000aa'
let chainsim: Chainsim
let anvil: AnvilProcess
let urls: [string, string]
let nonce = 0
let emitter: Hex
let relay: Hex
let outer: Hex
const traced: Record<string, Hex> = {}

/** Signs once, sends the same bytes to both, waits for both receipts. */
async function sendBoth(tx: { to?: Hex; data?: Hex; value?: bigint; gas?: bigint }): Promise<{ hash: Hex; contractAddress: Hex | null }> {
  const raw = await sender.signTransaction({
    chainId: 31337,
    type: 'eip1559',
    maxFeePerGas: 100_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    gas: 1_000_000n,
    nonce: nonce++,
    ...tx,
  } as TransactionSerializable)
  const hashes = await Promise.all(urls.map((url) => rpc<Hex>(url, 'eth_sendRawTransaction', [raw])))
  expect(hashes[0]).toBe(hashes[1])
  const receipts = []
  for (const url of urls) receipts.push(await receiptWithin(url, hashes[0]!, 10_000))
  expect(receipts[0]!.status).toBe(receipts[1]!.status)
  return { hash: hashes[0]!, contractAddress: receipts[0]!.contractAddress }
}

/** A transaction's receipt, polled until it comes; a node that never mines it fails the test instead of hanging it. */
async function receiptWithin(url: string, hash: Hex, ms: number): Promise<{ contractAddress: Hex | null; status: Hex }> {
  const deadline = Date.now() + ms
  for (;;) {
    const receipt = await rpc<{ contractAddress: Hex | null; status: Hex } | null>(url, 'eth_getTransactionReceipt', [hash])
    if (receipt) return receipt
    if (Date.now() > deadline) throw new Error(`${url} gave no receipt of ${hash} within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The same request to chainsim and to Anvil: [chainsim's answer, Anvil's]. */
async function both<T>(method: string, params: unknown[]): Promise<[T, T]> {
  const [ours, theirs] = await Promise.all(urls.map((url) => rpc<T>(url, method, params)))
  return [ours as T, theirs as T]
}

describe.skipIf(!hasAnvil)('chainsim and Anvil agree', () => {
  beforeAll(async () => {
    chainsim = await startChainsim()
    anvil = await startAnvil(['--steps-tracing'])
    urls = [chainsim.url, anvil.url]
    emitter = (await sendBoth({ data: EventEmitter.bytecode })).contractAddress!
    relay = (await sendBoth({ data: Relay.bytecode })).contractAddress!
    outer = (await sendBoth({ data: Relay.bytecode })).contractAddress!
    traced.events = (await sendBoth({ to: emitter, data: emitterCall('emitMany', [3n]) })).hash
    traced.nestedRevert = (
      await sendBoth({ to: relay, data: relayCall('forward', [outer, relayCall('forward', [emitter, emitterCall('revertWith', ['deep'])])]) })
    ).hash
    traced.staticCall = (await sendBoth({ to: relay, data: relayCall('peek', [emitter, emitterCall('tickCount')]) })).hash
    traced.delegateCall = (await sendBoth({ to: relay, data: relayCall('borrow', [emitter, emitterCall('emitMany', [1n])]) })).hash
    traced.create = (await sendBoth({ to: relay, data: relayCall('spawn', [EventEmitter.bytecode]) })).hash
    traced.create2 = (await sendBoth({ to: relay, data: relayCall('spawnAt', [pad('0x1'), EventEmitter.bytecode]) })).hash
    traced.transfer = (await sendBoth({ to: relay, value: 7n })).hash
    // A contract whose code is CALLER SELFDESTRUCT (deployed from raw init code).
    const destructible = (await sendBoth({ data: '0x6133ff6000526002601ef3' })).contractAddress!
    traced.selfDestruct = (await sendBoth({ to: destructible, value: 7n })).hash
    traced.caughtPanic = (await sendBoth({ to: relay, data: relayCall('attempt', [emitter, emitterCall('panic')]) })).hash
    traced.outOfGas = (await sendBoth({ to: emitter, data: emitterCall('emitMany', [30n]), gas: 60_000n })).hash
  })

  afterAll(async () => {
    await chainsim?.close()
    await anvil?.close()
  })

  test('struct logs: the same opcodes, pcs, gas, gasCost, depth and stack; the same result', async () => {
    for (const [name, hash] of Object.entries(traced)) {
      const [ours, theirs] = await both<any>('debug_traceTransaction', [hash, {}])
      expect(ours.structLogs.length, name).toBe(theirs.structLogs.length)
      expect(ours.structLogs.length, name).toBeGreaterThan(0)
      const comparable = (log: any, i: number, all: any[]) => {
        const failing = i === all.length - 1 && log.error !== undefined
        return {
          pc: log.pc,
          op: log.op,
          gas: log.gas,
          gasCost: /^CREATE/.test(log.op) || failing ? undefined : log.gasCost,
          depth: log.depth,
          stack: log.stack,
        }
      }
      expect(ours.structLogs.map(comparable), name).toEqual(theirs.structLogs.map(comparable))
      expect({ gas: ours.gas, failed: ours.failed, returnValue: ours.returnValue }, name).toEqual({
        gas: theirs.gas,
        failed: theirs.failed,
        returnValue: theirs.returnValue,
      })
    }
  })

  test('callTracer (with logs): the same frames, types, gas, outputs, errors and revert reasons', async () => {
    for (const [name, hash] of Object.entries(traced)) {
      const [ours, theirs] = await both<any>('debug_traceTransaction', [hash, { tracer: 'callTracer', tracerConfig: { withLog: true } }])
      expect(comparableFrame(ours, true), name).toEqual(comparableFrame(theirs, true))
    }
  })

  test('prestateTracer, plain and diffMode: the same accounts, code, nonces and slots', async () => {
    // Balances of the fee payer and the fee recipient differ: Anvil's first block keeps the genesis base fee.
    const feeAccounts = new Set([sender.address.toLowerCase(), `0x${'0'.repeat(40)}`])
    const withoutFees = (state: Record<string, any>) =>
      Object.fromEntries(Object.entries(state).map(([address, account]) => [address, feeAccounts.has(address) ? { ...account, balance: undefined } : account]))
    for (const [name, hash] of Object.entries(traced)) {
      const [ours, theirs] = await both<Record<string, any>>('debug_traceTransaction', [hash, { tracer: 'prestateTracer' }])
      const frames = framesOf(await rpc(chainsim.url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }]))
      // geth leaves out a contract the transaction created (it had no state before), Anvil lists it.
      const created = frames.filter((f) => /^CREATE/.test(f.type) && f.to).map((f) => f.to as string)
      for (const address of created) expect(ours[address], name).toBeUndefined()
      expect(withoutFees(ours), name).toEqual(withoutFees(without(theirs, created)))
      const [oursDiff, theirsDiff] = await both<any>('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }])
      // geth always reports a self-destructed account before the transaction and never after it; Anvil
      // reports it as any other account (before and after when it changed, neither when it did not).
      const destroyed = frames.filter((f) => f.type === 'SELFDESTRUCT').map((f) => f.from as string)
      for (const address of destroyed) {
        expect(oursDiff.pre[address], name).toBeDefined()
        expect(oursDiff.post[address], name).toBeUndefined()
      }
      expect({ pre: withoutFees(without(oursDiff.pre, destroyed)), post: withoutFees(oursDiff.post) }, name).toEqual({
        pre: withoutFees(without(theirsDiff.pre, destroyed)),
        post: withoutFees(without(theirsDiff.post, destroyed)),
      })
    }
  })

  test('debug_traceCall: the same trace of a call that was never sent', async () => {
    // A gas of its own: from Osaka chainsim caps a call's gas at EIP-7825's 2^24 as geth's RPC does; Anvil does not.
    const call = { from: stranger, to: relay, data: relayCall('forward', [emitter, emitterCall('emitMany', [2n])]), gas: '0x989680' }
    const [ours, theirs] = await both<any>('debug_traceCall', [call, 'latest', { tracer: 'callTracer', tracerConfig: { withLog: true } }])
    expect(comparableFrame(ours, true)).toEqual(comparableFrame(theirs, true))
    const [oursLogs, theirsLogs] = await both<any>('debug_traceCall', [call, 'latest', {}])
    expect(oursLogs.structLogs.map((l: any) => [l.op, l.gas, l.gasCost, l.depth])).toEqual(
      theirsLogs.structLogs.map((l: any) => [l.op, l.gas, l.gasCost, l.depth]),
    )
  })

  test('eth_call and eth_estimateGas with state and block overrides give the same answers', async () => {
    // Contracts that return one header field: NUMBER, TIMESTAMP, COINBASE, GASLIMIT, PREVRANDAO.
    const returning = (opcode: string) => `0x${opcode}60005260206000f3`
    const requests: unknown[][] = [
      [{ from: stranger, to: emitter, data: emitterCall('tickCount') }, 'latest', { [emitter]: { stateDiff: { [pad('0x0')]: pad('0x7') } } }],
      [{ from: stranger, to: emitter, data: emitterCall('tickCount') }, 'latest', { [emitter]: { state: { [pad('0x1')]: pad('0x7') } } }],
      [{ from: stranger, to: sender.address, value: '0xde0b6b3a7640000' }, 'latest', { [stranger]: { balance: '0xde0b6b3a7640000' } }],
      [{ from: stranger, to: relay, data: relayCall('forward', [emitter, emitterCall('emitMany', [2n])]) }, 'latest', { [stranger]: { nonce: '0x9' } }],
      [{ from: stranger, to: emitter }, 'latest', { [emitter]: { code: returning('43') } }, { number: '0x99' }],
      [{ from: stranger, to: emitter }, 'latest', { [emitter]: { code: returning('42') } }, { time: '0x99999' }],
      [{ from: stranger, to: emitter }, 'latest', { [emitter]: { code: returning('41') } }, { feeRecipient: stranger }],
      [{ from: stranger, to: emitter }, 'latest', { [emitter]: { code: returning('45') } }, { gasLimit: '0x1234567' }],
      [{ from: stranger, to: emitter }, 'latest', { [emitter]: { code: returning('44') } }, { prevRandao: pad('0x42') }],
    ]
    for (const params of requests) {
      for (const method of ['eth_call', 'eth_estimateGas']) {
        const [ours, theirs] = await Promise.all(urls.map((url) => rpcRaw(url, method, params)))
        expect(ours?.result, `${method} ${JSON.stringify(params)}`).toBeDefined()
        expect(ours?.result, `${method} ${JSON.stringify(params)}`).toEqual(theirs?.result)
      }
    }
  })

  test('eth_simulateV1: the same outcome of each call (status, return data, gas, logs with ether transfers)', async () => {
    const request = {
      blockStateCalls: [
        {
          stateOverrides: { [stranger]: { balance: '0xde0b6b3a7640000' } },
          calls: [
            { from: stranger, to: sender.address, value: '0x1' },
            { from: stranger, to: emitter, data: emitterCall('emitMany', [2n]) },
            { from: stranger, to: relay, data: relayCall('forward', [emitter, emitterCall('revertWith', ['x'])]) },
            { from: stranger, to: relay, data: relayCall('forward', [sender.address, '0x']), value: '0x5' },
          ],
        },
      ],
      traceTransfers: true,
    }
    const [ours, theirs] = await both<any[]>('eth_simulateV1', [request, 'latest'])
    const outcome = (call: any) => ({
      status: call.status,
      gasUsed: call.gasUsed,
      // Anvil answers a revert with the revert data as returnData and its own error; geth with 0x and the data in the error.
      returnData: call.status === '0x1' ? call.returnData : undefined,
      logs: call.logs.map((log: any) => ({ address: log.address, topics: log.topics, data: log.data, logIndex: log.logIndex })),
    })
    expect(ours[0].calls.map(outcome)).toEqual(theirs[0].calls.map(outcome))
    expect(ours[0].calls[2].error).toMatchObject({ code: -32000, message: 'execution reverted: x' })
  })
})

/** Every frame of a callTracer tree. */
function framesOf(frame: any): any[] {
  return [frame, ...(frame.calls ?? []).flatMap(framesOf)]
}

function without(state: Record<string, unknown>, addresses: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([address]) => !addresses.includes(address)))
}

/** A callTracer frame without the fields where Anvil departs from geth. */
function comparableFrame(frame: any, top = false): unknown {
  const failed = frame.error !== undefined
  return {
    ...frame,
    gas: top ? undefined : frame.gas,
    logs: failed ? undefined : frame.logs?.map(({ index: _index, ...log }: any) => log),
    calls: frame.calls?.map((call: any) => comparableFrame(call)),
  }
}
