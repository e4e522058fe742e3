import { verifyMerkleProof } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { bytesToHex, hexToBigInt, hexToBytes, keccak256, pad, type Hex } from 'viem'
import { describe, expect } from 'vitest'
import { deployTokenViaRpc, devAccount, send, type DevServer } from '../helpers/rpcChain.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { rpcTest } from '../helpers/rpcTest.ts'

const test = rpcTest
let server: DevServer
let token: Hex
test.beforeAll(async ({ server: started }) => {
  server = started
  token = await deployTokenViaRpc(server.url)
})

const EMPTY_TRIE_ROOT = keccak256('0x80')
const SLOTS = ['0x0', '0x1', '0x2', '0x3', '0x4', '0x5'] as const

describe('valid params', () => {
  test("an account's proof starts at the block's state root and holds what the state reads answer", async () => {
    const block = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    const proof = await rpc(server.url, 'eth_getProof', [token, [...SLOTS], block.number])
    expect(proof.address.toLowerCase()).toBe(token.toLowerCase())
    // The root node of the account trie is the block's state root.
    expect(keccak256(proof.accountProof[0])).toBe(block.stateRoot)
    expect(proof.balance).toBe(await rpc(server.url, 'eth_getBalance', [token, block.number]))
    expect(proof.nonce).toBe(await rpc(server.url, 'eth_getTransactionCount', [token, block.number]))
    expect(proof.codeHash).toBe(keccak256(await rpc(server.url, 'eth_getCode', [token, block.number])))
    // The token keeps storage: its storage trie's root node is the storageHash.
    expect(proof.storageHash).not.toBe(EMPTY_TRIE_ROOT)
    const written = proof.storageProof.filter((entry: { value: Hex }) => entry.value !== '0x0')
    expect(written.length).toBeGreaterThan(0)
    expect(keccak256(written[0].proof[0])).toBe(proof.storageHash)
    expect(proof.storageProof.map((entry: { key: Hex }) => entry.key)).toEqual([...SLOTS])
    for (const [index, slot] of SLOTS.entries()) {
      const stored = BigInt(await rpc(server.url, 'eth_getStorageAt', [token, slot, block.number]))
      expect(BigInt(proof.storageProof[index].value), slot).toBe(stored)
    }
  })

  test('an older block proves the state of that block: its own root, the balance it had', async () => {
    const sender = devAccount(0).address
    const before = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    await send(server.url, { from: sender, to: devAccount(1).address, value: '0x1000' })
    const then = await rpc(server.url, 'eth_getProof', [sender, [], before.number])
    const now = await rpc(server.url, 'eth_getProof', [sender, [], 'latest'])
    expect(keccak256(then.accountProof[0])).toBe(before.stateRoot)
    expect(then.balance).toBe(await rpc(server.url, 'eth_getBalance', [sender, before.number]))
    expect(BigInt(now.nonce)).toBe(BigInt(then.nonce) + 1n)
    expect(BigInt(now.balance)).toBeLessThan(BigInt(then.balance))
  })

  test('an account that does not exist is proven absent from the root: zero fields, empty code and storage', async () => {
    const nobody: Hex = '0x00000000000000000000000000000000000f00f1'
    const proof = await rpc(server.url, 'eth_getProof', [nobody, [pad('0x1'), '0x2'], 'latest'])
    expect(proof).toMatchObject({ balance: '0x0', nonce: '0x0', codeHash: keccak256('0x'), storageHash: EMPTY_TRIE_ROOT })
    // One entry per key asked for, as geth answers: zero, with nothing to prove it in.
    expect(proof.storageProof).toEqual([
      { key: pad('0x1'), value: '0x0', proof: [] },
      { key: '0x2', value: '0x0', proof: [] },
    ])
    const block = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    expect(keccak256(proof.accountProof[0])).toBe(block.stateRoot)
  })

  test("each key comes back as geth gives it: a whole 32-byte word as given, a shorter key as a quantity, in the request's order", async () => {
    const word = pad('0x3')
    const proof = await rpc(server.url, 'eth_getProof', [token, ['0x0003', word, '0x00', pad('0x0')], 'latest'])
    expect(proof.storageProof.map((entry: { key: Hex }) => entry.key)).toEqual(['0x3', word, '0x0', pad('0x0')])
    // The same slot asked for in two forms has one value and one proof.
    expect(proof.storageProof[0].value).toBe(proof.storageProof[1].value)
    expect(proof.storageProof[0].proof).toEqual(proof.storageProof[1].proof)
    expect(proof.storageProof[2].value).toBe(await rpc(server.url, 'eth_getStorageAt', [token, '0x0', 'latest']))
  })

  test('an account with no storage proves each slot zero with an empty proof, as geth', async () => {
    const proof = await rpc(server.url, 'eth_getProof', [devAccount(5).address, [pad('0x1')], 'latest'])
    expect(proof.storageHash).toBe(EMPTY_TRIE_ROOT)
    expect(proof.storageProof).toEqual([{ key: pad('0x1'), value: '0x0', proof: [] }])
  })
})

/** What a proof proves: the value at `key` in the trie whose root is `root`, verified node by node (null: proven absent). */
async function proven(root: Hex, key: Hex, proof: Hex[]): Promise<Uint8Array | null> {
  return verifyMerkleProof(
    hexToBytes(key),
    proof.map((node) => hexToBytes(node)),
    { root: hexToBytes(root), useKeyHashing: true },
  )
}

describe('proofs that verify against the block', () => {
  test("the account proof, checked from the block's state root, proves the fields eth_getProof and the state reads answer", async () => {
    const block = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    for (const who of [token, devAccount(0).address, '0x00000000000000000000000000000000000f00f1' as Hex]) {
      const proof = await rpc(server.url, 'eth_getProof', [who, [], block.number])
      const leaf = await proven(block.stateRoot, who, proof.accountProof)
      if (leaf === null) {
        // Proven absent: nothing in the state, as the reads say.
        expect(await rpc(server.url, 'eth_getBalance', [who, block.number]), who).toBe('0x0')
        expect(proof.nonce).toBe('0x0')
        continue
      }
      const [nonce, balance, storageRoot, codeHash] = RLP.decode(leaf) as Uint8Array[]
      const quantity = (bytes: Uint8Array | undefined) => `0x${(bytes && bytes.length > 0 ? hexToBigInt(bytesToHex(bytes)) : 0n).toString(16)}`
      expect(quantity(balance), who).toBe(await rpc(server.url, 'eth_getBalance', [who, block.number]))
      expect(quantity(nonce), who).toBe(await rpc(server.url, 'eth_getTransactionCount', [who, block.number]))
      expect(bytesToHex(storageRoot!)).toBe(proof.storageHash)
      expect(bytesToHex(codeHash!)).toBe(proof.codeHash)
    }
  })

  test("each storage proof, checked from the account's storage root, proves the value eth_getStorageAt reads", async () => {
    const block = await rpc(server.url, 'eth_getBlockByNumber', ['latest', false])
    const keys = SLOTS.map((slot) => pad(slot))
    const proof = await rpc(server.url, 'eth_getProof', [token, keys, block.number])
    expect(proof.storageProof).toHaveLength(keys.length)
    for (const [index, key] of keys.entries()) {
      const entry = proof.storageProof[index]
      const leaf = await proven(proof.storageHash, key, entry.proof)
      const value = leaf === null ? 0n : hexToBigInt(bytesToHex(RLP.decode(leaf) as Uint8Array))
      expect(value, key).toBe(hexToBigInt(entry.value))
      expect(value, key).toBe(hexToBigInt(await rpc(server.url, 'eth_getStorageAt', [token, key, block.number])))
    }
  })
})

describe('invalid params', () => {
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no params → -32602', [], /missing value for required argument 0/],
    ['no slots → -32602', ['0x00000000000000000000000000000000000f00f1'], /missing value for required argument 1/],
    ['slots that are not a list → -32602', ['0x00000000000000000000000000000000000f00f1', '0x1'], /invalid argument 1: expected array of storage slots/],
    ['a slot longer than 32 bytes → -32602', ['0x00000000000000000000000000000000000f00f1', [`0x${'1'.repeat(65)}`]], /invalid argument 1/],
    ['a short address → -32602', ['0x1234', []], /invalid argument 0/],
  ]
  for (const [name, params, message] of cases) {
    test(name, async () => {
      const error = await rpcError(server.url, 'eth_getProof', params)
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(message)
    })
  }

  test('a block past the head → -32000 header not found', async () => {
    const error = await rpcError(server.url, 'eth_getProof', ['0x00000000000000000000000000000000000f00f1', [], '0xffffff'])
    expect(error.code).toBe(-32000)
  })
})
