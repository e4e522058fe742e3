import type { Hex } from 'viem'
import { keccak256 } from 'viem/utils'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, send } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest as test } from '../helpers/rpcTest.ts'

const EMPTY_CODE_HASH = keccak256('0x')
const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421'
let url: string
let token: Hex

test.beforeAll(async ({ server }) => {
  url = server.url
  token = await deployTokenViaRpc(url)
  await send(url, { from: devAccount(1).address, to: devAccount(2).address, value: '0x5' })
})

const account = (address: unknown, block: unknown) => rpc(url, 'eth_getAccount', [address, block])

describe('valid params', () => {
  test('a dev account → its balance and nonce, the empty code hash and storage root', async () => {
    const sender = devAccount(1).address
    expect(await account(sender, 'latest')).toEqual({
      balance: await rpc(url, 'eth_getBalance', [sender, 'latest']),
      nonce: '0x1',
      codeHash: EMPTY_CODE_HASH,
      storageRoot: EMPTY_ROOT,
    })
  })

  test('a contract → the hash of its code and the root of its storage (eth_getProof’s)', async () => {
    const proof = await rpc(url, 'eth_getProof', [token, [], 'latest'])
    const found = await account(token, 'latest')
    expect(found.codeHash).toBe(keccak256(await rpc(url, 'eth_getCode', [token, 'latest'])))
    expect(found.storageRoot).toBe(proof.storageHash)
    expect(found.storageRoot).not.toBe(EMPTY_ROOT)
    expect(found.nonce).toBe('0x1')
  })

  test('at an older block and by block hash → the account as it was then', async () => {
    const sender = devAccount(1).address
    const genesis = await rpc(url, 'eth_getBlockByNumber', ['0x0', false])
    const before = await account(sender, '0x0')
    expect(before.nonce).toBe('0x0')
    expect(await account(sender, { blockHash: genesis.hash })).toEqual(before)
  })

  test('an account never touched → zeros, the empty code hash and storage root', async () => {
    expect(await account('0x00000000000000000000000000000000000000e1', 'latest')).toEqual({
      balance: '0x0',
      nonce: '0x0',
      codeHash: EMPTY_CODE_HASH,
      storageRoot: EMPTY_ROOT,
    })
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], number, RegExp]> = [
    ['no block (geth and Anvil require it) → -32602', [devAccount(0).address], -32602, /missing value for required argument 1/],
    ['a short address → -32602', ['0x1234', 'latest'], -32602, /argument 0: hex string has length 4, want 40 for address/],
    ['a block past the head → -32000', [devAccount(0).address, '0x99'], -32000, /header not found/],
  ]
  for (const [name, params, code, message] of cases) {
    test(name, async () => {
      const error = await rpcError(url, 'eth_getAccount', params)
      expect(error.code).toBe(code)
      expect(error.message).toMatch(message)
    })
  }
})
