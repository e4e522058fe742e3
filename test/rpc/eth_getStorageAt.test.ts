import type { Hex } from 'viem'
import { encodeAbiParameters, keccak256, pad, toHex } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

const SUPPLY = 10n ** 24n
const ZERO = pad('0x0')
const owner = devAccount(0).address

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string
let token: Hex
let deployBlock: Hex
/** The emitter deployed on `manual` by the pending test. */
let emitter: Hex

/** ChainsimToken's layout: name 0, symbol 1, totalSupply 2, _balances 3, _allowances 4. */
const balanceSlot = (account: Hex) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account, 3n]))

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
  token = await deployTokenViaRpc(url)
  deployBlock = await rpc(url, 'eth_blockNumber')
  await rpc(url, 'evm_mine')
})

describe('valid params', () => {
  test('a uint256 slot → 32 bytes (totalSupply at slot 2)', async () => {
    expect(await rpc(url, 'eth_getStorageAt', [token, '0x2', 'latest'])).toBe(pad(toHex(SUPPLY)))
  })

  test('a mapping entry at its keccak slot (the deployer’s balance)', async () => {
    expect(await rpc(url, 'eth_getStorageAt', [token, balanceSlot(owner), 'latest'])).toBe(pad(toHex(SUPPLY)))
  })

  test('a short string is stored inline with length × 2 in the last byte (name "Token")', async () => {
    const slot = await rpc<string>(url, 'eth_getStorageAt', [token, '0x0', 'latest'])
    expect(slot).toBe(`0x${Buffer.from('Token').toString('hex').padEnd(62, '0')}0a`)
  })

  test('the slot may carry leading zeros, up to 32 bytes', async () => {
    const expected = pad(toHex(SUPPLY))
    for (const slot of ['0x02', pad('0x2'), '0x0000000002']) {
      expect(await rpc(url, 'eth_getStorageAt', [token, slot, 'latest'])).toBe(expected)
    }
  })

  test('an unset slot and an account without storage → 32 zero bytes', async () => {
    expect(await rpc(url, 'eth_getStorageAt', [token, '0x99', 'latest'])).toBe(ZERO)
    expect(await rpc(url, 'eth_getStorageAt', [owner, '0x0', 'latest'])).toBe(ZERO)
  })

  test('the block parameter is optional; earlier blocks and hashes read older state', async () => {
    expect(await rpc(url, 'eth_getStorageAt', [token, '0x2'])).toBe(pad(toHex(SUPPLY)))
    expect(await rpc(url, 'eth_getStorageAt', [token, '0x2', 'earliest'])).toBe(ZERO)
    const block = await rpc(url, 'eth_getBlockByNumber', [deployBlock, false])
    expect(await rpc(url, 'eth_getStorageAt', [token, '0x2', { blockHash: block.hash }])).toBe(pad(toHex(SUPPLY)))
  })

  test('pending reads the state the pool would leave', async () => {
    emitter = await deployEmitterViaRpc(manual, { mine: true })
    await send(manual, { from: owner, to: emitter, data: emitterCall('emitMany', [2n]) })
    expect(await rpc(manual, 'eth_getStorageAt', [emitter, '0x0', 'latest'])).toBe(ZERO)
    expect(await rpc(manual, 'eth_getStorageAt', [emitter, '0x0', 'pending'])).toBe(pad('0x2'))
  })

  test('once mined, latest shows what pending should have shown', async () => {
    await rpc(manual, 'evm_mine')
    expect(await rpc(manual, 'eth_getStorageAt', [emitter, '0x0', 'latest'])).toBe(pad('0x2'))
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['a slot longer than 32 bytes → -32602', [`0x${'0'.repeat(65)}`], /argument 1:.*32 bytes/],
    ['a slot with non-hex digits → -32602', ['0xasdf'], /argument 1/],
    ['a slot that is only 0x → -32602', ['0x'], /argument 1/],
    ['a slot that is a number → -32602', [2], /argument 1/],
    ['no slot → -32602', [], /missing value for required argument 1/],
  ]
  for (const [name, slot, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getStorageAt', [token, ...slot])
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }

  test('a bad address → -32602 naming argument 0', async () => {
    expect(await rpcError(url, 'eth_getStorageAt', ['0xzz', '0x0', 'latest'])).toMatchObject({ code: -32602, message: expect.stringMatching(/argument 0/) })
  })

  test('a block past the head → -32000 header not found', async () => {
    expect(await rpcError(url, 'eth_getStorageAt', [token, '0x0', '0xffff'])).toEqual({ code: -32000, message: 'header not found' })
  })
})
