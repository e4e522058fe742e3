import type { Hex } from 'viem'
import { encodeAbiParameters, keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployEmitterViaRpc, deployTokenViaRpc, devAccount, emitterCall, receiptOf, send, signRaw, tokenCall, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTestWith } from '../helpers/rpcTest.ts'

type AccessList = Array<{ address: Hex; storageKeys: Hex[] }>

const a0 = devAccount(0).address
const a1 = devAccount(1).address
const ZERO_SLOT = `0x${'00'.repeat(32)}` as Hex
const balanceSlot = (account: Hex) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account, 3n]))

const test = rpcTestWith([{ name: 'dev' }, { name: 'manual', mining: { auto: false } }])
let server: DevServer
let url: string
let manual: string
let emitter: Hex
let token: Hex

test.beforeAll(async ({ server: started }) => {
  server = started
  url = server.url
  manual = server.networks.manual!.url
  emitter = await deployEmitterViaRpc(url)
  token = await deployTokenViaRpc(url)
})

/** An access list with its entries and keys sorted, so lists compare by content. */
const sorted = (list: AccessList) =>
  [...list].map((e) => ({ address: e.address, storageKeys: [...e.storageKeys].sort() })).sort((a, b) => a.address.localeCompare(b.address))

describe('valid params', () => {
  test('a value transfer touches no storage → an empty list and 21,000 gas', async () => {
    expect(await rpc(url, 'eth_createAccessList', [{ from: a0, to: a1, value: '0xa' }, 'latest'])).toEqual({ accessList: [], gasUsed: '0x5208' })
  })

  test('an ERC-20 transfer → the token with both balance slots; sender and recipient are not listed', async () => {
    const result = await rpc(url, 'eth_createAccessList', [{ from: a0, to: token, data: tokenCall('transfer', [a1, 7n]) }, 'latest'])
    expect(sorted(result.accessList)).toEqual(sorted([{ address: token, storageKeys: [balanceSlot(a0), balanceSlot(a1)] }]))
    expect(result).not.toHaveProperty('error')
  })

  test('gasUsed is what a transaction carrying the list really uses', async () => {
    const request = { from: a0, to: emitter, data: emitterCall('emitMany', [4n]) }
    const result = await rpc(url, 'eth_createAccessList', [request, 'latest'])
    expect(result.accessList).toEqual([{ address: emitter, storageKeys: [ZERO_SLOT] }])
    const raw = await signRaw(url, 0, {
      type: 'eip1559',
      chainId: 31337,
      to: emitter,
      data: request.data,
      gas: 200_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
      accessList: result.accessList,
    })
    const receipt = await receiptOf(url, await rpc(url, 'eth_sendRawTransaction', [raw]))
    expect(receipt.gasUsed).toBe(result.gasUsed)
  })

  test('the block parameter defaults to pending (geth) and accepts numbers and hashes', async () => {
    const request = { from: a0, to: emitter, data: emitterCall('emitMany', [1n]) }
    const latest = await rpc(url, 'eth_createAccessList', [request, 'latest'])
    expect(await rpc(url, 'eth_createAccessList', [request])).toEqual(latest)
    const block = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    expect(await rpc(url, 'eth_createAccessList', [request, block.number])).toEqual(latest)
    expect(await rpc(url, 'eth_createAccessList', [request, { blockHash: block.hash }])).toEqual(latest)
  })

  test('a reverting call → the list so far, gasUsed, and the revert reason in error', async () => {
    const result = await rpc(url, 'eth_createAccessList', [{ from: a0, to: emitter, data: emitterCall('revertWith', ['nope']) }, 'latest'])
    expect(result).toEqual({ accessList: [], gasUsed: expect.stringMatching(/^0x[1-9a-f]/), error: 'execution reverted: nope' })
  })

  test('with transactions in the pool, the default (pending) block still answers', async () => {
    const pendingEmitter = await deployEmitterViaRpc(manual, { mine: true })
    await send(manual, { from: a1, to: a0, value: '0x1' })
    const result = await rpc(manual, 'eth_createAccessList', [{ from: a0, to: pendingEmitter, data: emitterCall('emitMany', [1n]) }])
    expect(result.accessList).toEqual([{ address: pendingEmitter, storageKeys: [ZERO_SLOT] }])
  })
})

describe('invalid params', () => {
  test('no call object → -32602', async () => {
    expect(await rpcError(url, 'eth_createAccessList', [])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/missing value for required argument 0/),
    })
  })

  test('an access list entry with a bad address → -32602 naming it', async () => {
    const error = await rpcError(url, 'eth_createAccessList', [{ to: a1, accessList: [{ address: '0x12', storageKeys: [] }] }])
    expect(error).toMatchObject({ code: -32602, message: expect.stringMatching(/argument 0: accessList\.0\.address/) })
  })

  test('a block past the head → -32000 header not found', async () => {
    expect(await rpcError(url, 'eth_createAccessList', [{ to: a1 }, '0xffff'])).toEqual({ code: -32000, message: 'header not found' })
  })
})
