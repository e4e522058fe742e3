import {
  concat,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  keccak256,
  parseEther,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { pad } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ChainsimToken, EventEmitter, Relay } from '../../src/contracts/index.ts'
import { startChainsim, type Chainsim } from '../../src/testing/index.ts'
import { deployEmitterViaRpc, deployRelayViaRpc, deployTokenViaRpc, devAccount } from '../helpers/rpcChain.ts'

/**
 * viem's own actions, unchanged, against a real chainsim server: calls and gas estimates with state
 * and block overrides, simulateCalls (eth_simulateV1), and the trace of a transaction that reverts deep
 * in a call tree (debug_traceTransaction through the client's request).
 */

const deployer = devAccount(0)
const stranger = '0x00000000000000000000000000000000000000aa'

let server: Chainsim
let client: PublicClient
let wallet: WalletClient
let emitter: Hex
let relay: Hex
let outer: Hex
let token: Hex

beforeAll(async () => {
  server = await startChainsim()
  const chain = defineChain({
    id: 31337,
    name: 'dev',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [server.url] } },
  })
  client = createPublicClient({ chain, transport: http(server.url) })
  wallet = createWalletClient({ chain, transport: http(server.url), account: deployer })
  emitter = await deployEmitterViaRpc(server.url)
  relay = await deployRelayViaRpc(server.url)
  outer = await deployRelayViaRpc(server.url)
  token = await deployTokenViaRpc(server.url)
})

afterAll(() => server.close())

describe('viem call and estimateGas with overrides', () => {
  test('call with stateOverride: a stateDiff on the token’s balance slot is what balanceOf reads', async () => {
    // ChainsimToken's balances are the mapping at slot 3 (after name, symbol, totalSupply): keccak(owner ++ 3).
    const slot = keccak256(concat([pad(stranger), pad('0x3')]))
    const { data } = await client.call({
      to: token,
      data: encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'balanceOf', args: [stranger] }),
      stateOverride: [{ address: token, stateDiff: [{ slot, value: pad('0x2a') }] }],
    })
    expect(data).toBe(pad('0x2a'))
    expect(await client.readContract({ address: token, abi: ChainsimToken.abi, functionName: 'balanceOf', args: [stranger] })).toBe(0n)
  })

  test('call with stateOverride code and blockOverrides: the header fields the code reads', async () => {
    const { data } = await client.call({
      to: emitter,
      // NUMBER, stored and returned.
      stateOverride: [{ address: emitter, code: '0x4360005260206000f3' }],
      blockOverrides: { number: 12_345n },
    })
    expect(data).toBe(pad('0x3039'))
  })

  test('estimateGas with stateOverride: an account with nothing may move ether it is given', async () => {
    const gas = await client.estimateGas({
      account: stranger,
      to: deployer.address,
      value: parseEther('1'),
      stateOverride: [{ address: stranger, balance: parseEther('2') }],
    })
    expect(gas).toBe(21_000n)
    await expect(client.estimateGas({ account: stranger, to: deployer.address, value: parseEther('1') })).rejects.toThrow(/insufficient funds/i)
  })
})

describe('viem simulateCalls (eth_simulateV1)', () => {
  test('calls in sequence on overridden state; results decoded; ether transfers traced', async () => {
    const { results } = await client.simulateCalls({
      account: stranger,
      stateOverrides: [{ address: stranger, balance: parseEther('5') }],
      traceTransfers: true,
      calls: [
        { to: deployer.address, value: parseEther('1') },
        { to: emitter, abi: EventEmitter.abi, functionName: 'emitMany', args: [2n] },
        { to: emitter, abi: EventEmitter.abi, functionName: 'tickCount' },
        {
          to: relay,
          abi: Relay.abi,
          functionName: 'forward',
          args: [emitter, encodeFunctionData({ abi: EventEmitter.abi, functionName: 'revertWith', args: ['simulated'] })],
        },
      ],
    })
    expect(results.map((r) => r.status)).toEqual(['success', 'success', 'success', 'failure'])
    expect(results[0]!.logs?.[0]).toMatchObject({ address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', data: pad(`0x${parseEther('1').toString(16)}`) })
    expect(results[1]!.logs).toHaveLength(2)
    expect(results[2]!.result).toBe(2n)
    expect(results[3]!.error?.message).toMatch(/simulated/)
    // Nothing reached the chain.
    expect(await client.getBalance({ address: stranger })).toBe(0n)
    expect(await client.readContract({ address: emitter, abi: EventEmitter.abi, functionName: 'tickCount' })).toBe(0n)
  })
})

describe('tracing a transaction viem sent', () => {
  test('a revert two calls deep: its reason at every level, and the depth of the call that failed', async () => {
    const hash = await wallet.sendTransaction({
      account: deployer,
      chain: wallet.chain,
      to: relay,
      gas: 300_000n,
      data: encodeFunctionData({
        abi: Relay.abi,
        functionName: 'forward',
        args: [
          outer,
          encodeFunctionData({
            abi: Relay.abi,
            functionName: 'forward',
            args: [emitter, encodeFunctionData({ abi: EventEmitter.abi, functionName: 'revertWith', args: ['too deep'] })],
          }),
        ],
      }),
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('reverted')
    type Frame = { to: Hex; error?: string; revertReason?: string; calls?: Frame[] }
    const top = (await client.request({ method: 'debug_traceTransaction' as never, params: [hash, { tracer: 'callTracer' }] as never })) as Frame
    const path: Frame[] = []
    for (let frame: Frame | undefined = top; frame; frame = frame.calls?.[0]) path.push(frame)
    expect(path.map((f) => [f.to, f.revertReason])).toEqual([
      [relay, 'too deep'],
      [outer, 'too deep'],
      [emitter, 'too deep'],
    ])
    // The emitter's frame, two calls below the transaction's, is where REVERT first ran: struct depth 3.
    const { structLogs } = (await client.request({ method: 'debug_traceTransaction' as never, params: [hash] as never })) as {
      structLogs: Array<{ op: string; depth: number }>
    }
    expect(structLogs.find((log) => log.op === 'REVERT')?.depth).toBe(3)
  })
})
