import type { Hex } from 'viem'
import { encodeErrorResult, pad } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, deployRelayViaRpc, devAccount, emitterCall, hex, relayCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'
import { MAX_STATE_OVERRIDE_ENTRIES, OVERSIZED_OVERRIDES, stateOverridesOf } from '../helpers/stateOverrides.ts'

const ERROR_ABI = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const
const ETHER = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const a0 = devAccount(0).address.toLowerCase() as Hex
const a1 = devAccount(1).address.toLowerCase() as Hex
const stranger = '0x00000000000000000000000000000000000000aa'

const test = rpcTest
let server: DevServer
let url: string
let emitter: Hex
let relay: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  emitter = await deployEmitterViaRpc(url)
  relay = await deployRelayViaRpc(url)
})

const simulate = (request: object, block?: unknown) => rpc<any[]>(url, 'eth_simulateV1', block === undefined ? [request] : [request, block])
const tickCount = () => ({ from: stranger, to: emitter, data: emitterCall('tickCount') })

describe('valid params', () => {
  test('calls run in order on one state, as transactions of a sealed block on top of latest; nothing is kept', async () => {
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const [block] = await simulate({
      blockStateCalls: [{ calls: [{ from: a0, to: emitter, data: emitterCall('emitMany', [2n]) }, tickCount()] }],
    })
    expect(block).toMatchObject({
      number: hex(BigInt(head.number) + 1n),
      parentHash: head.hash,
      timestamp: hex(BigInt(head.timestamp) + 12n),
      miner: head.miner,
      baseFeePerGas: '0x0',
    })
    expect(block.transactions).toHaveLength(2)
    expect(BigInt(block.gasUsed)).toBe(BigInt(block.calls[0].gasUsed) + BigInt(block.calls[1].gasUsed))
    expect(block.calls[1]).toEqual({ returnData: pad('0x2'), logs: [], gasUsed: block.calls[1].gasUsed, maxUsedGas: block.calls[1].gasUsed, status: '0x1' })
    expect(block.calls[0].logs.map((log: any) => [log.logIndex, log.transactionIndex, log.transactionHash, log.blockHash, log.blockNumber])).toEqual([
      ['0x0', '0x0', block.transactions[0], block.hash, block.number],
      ['0x1', '0x0', block.transactions[0], block.hash, block.number],
    ])
    expect(await rpc(url, 'eth_call', [tickCount(), 'latest'])).toBe(pad('0x0'))
    expect(await rpc(url, 'eth_blockNumber')).toBe(head.number)
  })

  test('blocks follow one another: state carries over, each block is the parent of the next', async () => {
    const blocks = await simulate({
      blockStateCalls: [{ calls: [{ from: a0, to: emitter, data: emitterCall('emitMany', [1n]) }] }, { calls: [tickCount()] }],
    })
    expect(blocks[1].parentHash).toBe(blocks[0].hash)
    expect(blocks[1].calls[0].returnData).toBe(pad('0x1'))
  })

  test('a block number ahead fills the gap with empty blocks, 12 seconds apart', async () => {
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const blocks = await simulate({ blockStateCalls: [{ blockOverrides: { number: hex(BigInt(head.number) + 3n) }, calls: [tickCount()] }] })
    expect(blocks.map((b) => b.calls.length)).toEqual([0, 0, 1])
    expect(blocks.map((b) => BigInt(b.timestamp) - BigInt(head.timestamp))).toEqual([12n, 24n, 36n])
  })

  test('block overrides set the header; state overrides apply before the block’s calls', async () => {
    const [block] = await simulate({
      blockStateCalls: [
        {
          blockOverrides: { time: '0xffffffff', feeRecipient: stranger, gasLimit: hex(5_000_000), baseFeePerGas: '0x7' },
          stateOverrides: { [emitter]: { stateDiff: { [pad('0x0')]: pad('0x63') } } },
          calls: [tickCount()],
        },
      ],
    })
    expect(block).toMatchObject({ timestamp: '0xffffffff', miner: stranger, gasLimit: hex(5_000_000), baseFeePerGas: '0x7' })
    expect(block.calls[0].returnData).toBe(pad('0x63'))
  })

  test('a revert: status 0x0, no return data, geth’s error with the revert data; an EVM fault: -32015', async () => {
    const [block] = await simulate({
      blockStateCalls: [
        {
          calls: [
            { from: a0, to: emitter, data: emitterCall('revertWith', ['nope']) },
            { from: a0, to: emitter, data: emitterCall('emitMany', [20n]), gas: hex(40_000) },
          ],
        },
      ],
    })
    expect(block.calls[0]).toMatchObject({
      status: '0x0',
      returnData: '0x',
      logs: [],
      error: { code: -32000, message: 'execution reverted: nope', data: encodeErrorResult({ abi: ERROR_ABI, errorName: 'Error', args: ['nope'] }) },
    })
    expect(block.calls[1]).toMatchObject({ status: '0x0', returnData: '0x', error: { code: -32015, message: 'out of gas' } })
  })

  test('traceTransfers: ether moves appear as ERC-7528 Transfer logs, in order with the contracts’ logs', async () => {
    const [block] = await simulate({
      blockStateCalls: [
        {
          stateOverrides: { [stranger]: { balance: hex(10n ** 18n) } },
          calls: [
            { from: stranger, to: a1, value: '0x5' },
            { from: stranger, to: relay, value: '0x3', data: relayCall('forward', [a1, '0x']) },
            { from: stranger, to: relay, value: '0x2', data: relayCall('forward', [emitter, emitterCall('revertWith', ['x'])]) },
          ],
        },
      ],
      traceTransfers: true,
    })
    const transfer = (from: Hex, to: Hex, value: bigint) => ({ address: ETHER, topics: [TRANSFER, pad(from), pad(to)], data: pad(hex(value)) })
    expect(block.calls[0].logs).toMatchObject([transfer(stranger, a1, 5n)])
    expect(block.calls[1].logs).toMatchObject([transfer(stranger, relay, 3n), transfer(relay, a1, 3n), { address: relay }])
    expect(block.calls[1].logs.map((log: any) => log.logIndex)).toEqual(['0x1', '0x2', '0x3'])
    expect(block.calls[2].logs).toEqual([])
  })

  test('validation: the base fee is the next block’s, nonces count, a call that pays its way succeeds', async () => {
    const nonce = Number(await rpc(url, 'eth_getTransactionCount', [a0, 'latest']))
    const [block] = await simulate({
      blockStateCalls: [{ calls: [{ from: a0, to: a1, value: '0x1', nonce: hex(nonce), maxFeePerGas: hex(10n ** 11n), maxPriorityFeePerGas: '0x1' }] }],
      validation: true,
    })
    expect(BigInt(block.baseFeePerGas)).toBeGreaterThan(0n)
    expect(block.calls[0].status).toBe('0x1')
  })

  test('returnFullTransactions: transaction objects, each from its call’s sender', async () => {
    const [block] = await simulate({ blockStateCalls: [{ calls: [tickCount(), { from: a1, to: a0 }] }], returnFullTransactions: true })
    expect(block.transactions.map((tx: any) => [tx.from, tx.to, tx.blockHash, tx.transactionIndex])).toEqual([
      [stranger, emitter, block.hash, '0x0'],
      [a1, a0, block.hash, '0x1'],
    ])
  })

  test('the base block may be earlier (by number or hash) or pending', async () => {
    const [early] = await simulate({ blockStateCalls: [{ calls: [{ from: stranger, to: emitter }] }] }, '0x0')
    expect(early.number).toBe('0x1')
    const genesis = await rpc(url, 'eth_getBlockByNumber', ['0x0', false])
    const [byHash] = await simulate({ blockStateCalls: [{}] }, { blockHash: genesis.hash })
    expect(byHash.parentHash).toBe(genesis.hash)
    const [pending] = await simulate({ blockStateCalls: [{ calls: [tickCount()] }] }, 'pending')
    expect(pending.calls[0].status).toBe('0x1')
  })
})

describe('invalid params', () => {
  const refusals: Array<[string, object, { code: number; message: RegExp }]> = [
    ['no blocks → -32602 empty input', { blockStateCalls: [] }, { code: -32602, message: /^empty input$/ }],
    ['257 blocks → -38026 too many blocks', { blockStateCalls: Array.from({ length: 257 }, () => ({})) }, { code: -38026, message: /^too many blocks$/ }],
    // Counted before any block is read: an oversized request costs what parsing it costs, malformed or not.
    [
      '257 malformed blocks → -38026 too many blocks, not their faults',
      { blockStateCalls: Array.from({ length: 257 }, () => ({ calls: [{ to: '0x1' }] })) },
      { code: -38026, message: /^too many blocks$/ },
    ],
    [
      'a block number not above the last → -38020',
      { blockStateCalls: [{ blockOverrides: { number: '0x1' } }] },
      { code: -38020, message: /^block numbers must be in order: 1 <= \d+$/ },
    ],
    ['a number more than 256 ahead → -38026', { blockStateCalls: [{ blockOverrides: { number: '0xffff' } }] }, { code: -38026, message: /^too many blocks$/ }],
    [
      'a time not after the last → -38021',
      { blockStateCalls: [{ blockOverrides: { time: '0x1' } }] },
      { code: -38021, message: /^block timestamps must be in order: 1 <= \d+$/ },
    ],
    [
      'calls past the block’s gas limit → -38015',
      { blockStateCalls: [{ blockOverrides: { gasLimit: '0x5208' }, calls: [{ from: a0, to: a1, gas: '0x5209' }] }] },
      { code: -38015, message: /^block gas limit reached/ },
    ],
    [
      'gas below the intrinsic cost → -38013',
      { blockStateCalls: [{ calls: [{ from: a0, to: a1, gas: '0x1' }] }] },
      { code: -38013, message: /^intrinsic gas too low/ },
    ],
    [
      'a value the sender cannot pay → -38014',
      { blockStateCalls: [{ calls: [{ from: stranger, to: a1, value: '0x1' }] }] },
      { code: -38014, message: /^insufficient funds for gas \* price \+ value/ },
    ],
    [
      'validation, a nonce below the sender’s → -38010',
      { blockStateCalls: [{ calls: [{ from: a0, to: a1, nonce: '0x0', maxFeePerGas: '0xe8d4a51000' }] }], validation: true },
      { code: -38010, message: /^nonce too low/ },
    ],
    [
      'validation, a nonce above the sender’s → -38011',
      { blockStateCalls: [{ calls: [{ from: a0, to: a1, nonce: '0xffff', maxFeePerGas: '0xe8d4a51000' }] }], validation: true },
      { code: -38011, message: /^nonce too high/ },
    ],
    [
      'validation, no fee under a base fee → -32602',
      { blockStateCalls: [{ calls: [{ from: a0, to: a1 }] }], validation: true },
      { code: -32602, message: /^max fee per gas less than block base fee/ },
    ],
    [
      'a state override geth refuses → -32000',
      { blockStateCalls: [{ stateOverrides: { [stranger]: { state: {}, stateDiff: {} } } }] },
      { code: -32000, message: /has both 'state' and 'stateDiff'/ },
    ],
    ['not an object → -32602', ['x'], { code: -32602, message: /argument 0: expected a simulation object/ }],
    [
      'a malformed call → -32602 naming it',
      { blockStateCalls: [{ calls: [{ to: '0x1' }] }] },
      { code: -32602, message: /argument 0: blockStateCalls\.0\.calls\.0\.to: hex string has length 1, want 40/ },
    ],
    [
      'a malformed override → -32602 naming it',
      { blockStateCalls: [{ blockOverrides: { time: 5 } }] },
      { code: -32602, message: /argument 0: blockStateCalls\.0\.blockOverrides\.time/ },
    ],
  ]
  for (const [name, request, expected] of refusals) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_simulateV1', [request])
      expect(error.code).toBe(expected.code)
      expect(error.message).toMatch(expected.message)
    })
  }

  test('state overrides past the cap across blocks → -32000, counted before any block is read', async () => {
    const half = MAX_STATE_OVERRIDE_ENTRIES / 2
    const blockStateCalls = [half, half + 1].map((size) => ({ stateOverrides: stateOverridesOf(size, { malformed: true }) }))
    expect(await rpcError(url, 'eth_simulateV1', [{ blockStateCalls }])).toEqual(OVERSIZED_OVERRIDES)
    blockStateCalls[1] = { stateOverrides: stateOverridesOf(half, { malformed: true }) }
    expect(await rpcError(url, 'eth_simulateV1', [{ blockStateCalls }])).toMatchObject({ code: -32602 })
  })

  test('an unknown base block → -32000 header not found', async () => {
    expect(await rpcError(url, 'eth_simulateV1', [{ blockStateCalls: [{}] }, '0xfff'])).toEqual({ code: -32000, message: 'header not found' })
  })
})
