import { keccak256, toHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { signFor } from '../helpers/signing.ts'
import { createDevCommon, signTransaction } from '../../src/evm/index.ts'
import type { TypedTxData } from '../../src/evm/index.ts'
import { DEFAULT_LOG_LIMITS } from '../../src/logs/index.ts'
import { ChainNode } from '../../src/node.ts'
import { deployToken, transferData } from '../helpers/contracts.ts'

const GWEI = 10n ** 9n
const TRANSFER_TOPIC = keccak256(toHex('Transfer(address,address,uint256)'))

function signed(node: ChainNode, from: number, fields: Partial<TypedTxData>) {
  const data = { type: 2, chainId: node.chainId, gasLimit: 21_000n, maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: GWEI, value: 1n, ...fields } as TypedTxData
  return signFor(node, node.accounts[from]!.privateKey, data)
}

describe('ERC-20 through the miner', () => {
  test('a transfer is mined and its Transfer log has the right block, transaction and log positions', async () => {
    const node = await ChainNode.create()
    const token = await deployToken(node)
    const recipient = node.accounts[1]!.address
    // A plain transfer first, so the token transfer is not at position 0 of its block.
    await node.settings.setAutomine(false)
    await node.sendTransaction({ from: node.accounts[2]!.address, to: recipient, value: 1n })
    const hash = await node.sendTransaction({ from: node.accounts[0]!.address, to: token, data: transferData(recipient, 5n) })
    const [block] = await node.mine(1)

    expect(block!.transactions).toHaveLength(2)
    const found = node.transaction(hash)
    expect(found?.status).toBe('mined')
    if (found?.status !== 'mined') return
    expect(found.location.block.number).toBe(block!.number)
    const index = found.location.index

    const result = await node.queryLogs({ addresses: [token], topics: [], fromBlock: block!.number, toBlock: block!.number }, DEFAULT_LOG_LIMITS)
    expect(result.status).toBe('ok')
    if (result.status !== 'ok') return
    expect(result.canonical).toHaveLength(1)
    const [log] = result.canonical
    expect(toHex(log!.topics[0]!)).toBe(TRANSFER_TOPIC)
    expect(log!.blockNumber).toBe(block!.number)
    expect(log!.blockHash).toEqual(block!.hash)
    expect(log!.transactionIndex).toBe(index)
    expect(toHex(log!.transactionHash)).toBe(toHex(hash))
    expect(log!.logIndex).toBe(0)
    expect(BigInt(toHex(log!.data))).toBe(5n)
    await node.close()
  })
})

describe('transactions refused at admission leave the chain untouched', () => {
  const cases: Array<[string, (node: ChainNode) => Uint8Array, RegExp]> = [
    ['nonce too low', (node) => signed(node, 0, { nonce: 0n, to: node.accounts[1]!.address, value: 2n }).raw, /nonce too low/],
    ['insufficient funds', (node) => signed(node, 0, { nonce: 1n, to: node.accounts[1]!.address, value: 10n ** 30n }).raw, /insufficient funds/],
    [
      'wrong chain id',
      (node) =>
        signTransaction(
          { type: 2, chainId: 1n, nonce: 1n, gasLimit: 21_000n, maxFeePerGas: 10n * GWEI, to: node.accounts[1]!.address },
          node.accounts[0]!.privateKey,
          createDevCommon(1n, 'other'),
        ).raw,
      /chain id/,
    ],
    [
      'bad signature',
      (node) => {
        const raw = signed(node, 0, { nonce: 1n, to: node.accounts[1]!.address }).raw.slice()
        raw[raw.length - 1] = 0
        raw[raw.length - 33] = 0
        raw[raw.length - 2] = 0xff
        return raw
      },
      /invalid sender|invalid transaction/,
    ],
    ['gas limit over the block', (node) => signed(node, 0, { nonce: 1n, to: node.accounts[1]!.address, gasLimit: 30_000_001n }).raw, /exceeds block gas limit/],
    [
      "gas over Osaka's cap, within the block (EIP-7825)",
      (node) => signed(node, 0, { nonce: 1n, to: node.accounts[1]!.address, gasLimit: 2n ** 24n + 1n }).raw,
      /^transaction gas limit too high \(cap: 16777216, tx: 16777217\)$/,
    ],
    ['intrinsic gas too low', (node) => signed(node, 0, { nonce: 1n, to: node.accounts[1]!.address, gasLimit: 20_999n }).raw, /intrinsic gas too low/],
    [
      'fee below base fee',
      (node) => signed(node, 0, { nonce: 1n, to: node.accounts[1]!.address, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n }).raw,
      /less than block base fee/,
    ],
  ]
  for (const [name, makeRaw, reason] of cases) {
    test(`${name} → refused with its reason`, async () => {
      const node = await ChainNode.create()
      await node.sendRawTransaction(signed(node, 0, { nonce: 0n, to: node.accounts[1]!.address }).raw)
      const head = node.head.hashKey
      const balance = await node.execution.stateAt(node.head).getBalance(node.accounts[0]!.address)
      await expect(node.sendRawTransaction(makeRaw(node))).rejects.toThrow(reason)
      expect(node.head.hashKey).toBe(head)
      expect(node.pooledTransactions).toHaveLength(0)
      expect(await node.execution.stateAt(node.head).getBalance(node.accounts[0]!.address)).toBe(balance)
      await node.close()
    })
  }
})

describe('pool rules', () => {
  test('a future nonce is held until the gap is filled, then both are mined in nonce order', async () => {
    const node = await ChainNode.create({ mining: { auto: false } })
    const to = node.accounts[1]!.address
    const second = signed(node, 0, { nonce: 1n, to })
    await node.sendRawTransaction(second.raw)
    expect((await node.mine(1))[0]!.transactions).toHaveLength(0)
    const first = signed(node, 0, { nonce: 0n, to })
    await node.sendRawTransaction(first.raw)
    const [block] = await node.mine(1)
    expect(block!.transactions.map((t) => t.signed.hashKey)).toEqual([first.hashKey, second.hashKey])
    await node.close()
  })

  test('a higher fee replaces a pooled transaction; a lower bump is refused', async () => {
    const node = await ChainNode.create({ mining: { auto: false } })
    const to = node.accounts[1]!.address
    const original = signed(node, 0, { nonce: 0n, to, maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: GWEI })
    await node.sendRawTransaction(original.raw)
    const tooSmall = signed(node, 0, { nonce: 0n, to, maxFeePerGas: 10n * GWEI + 1n, maxPriorityFeePerGas: GWEI + 1n })
    await expect(node.sendRawTransaction(tooSmall.raw)).rejects.toThrow(/replacement transaction underpriced/)
    const replacement = signed(node, 0, { nonce: 0n, to, maxFeePerGas: 20n * GWEI, maxPriorityFeePerGas: 2n * GWEI })
    await node.sendRawTransaction(replacement.raw)
    expect(node.transaction(original.hash)).toBeUndefined()
    const [block] = await node.mine(1)
    expect(block!.transactions.map((t) => t.signed.hashKey)).toEqual([replacement.hashKey])
    await node.close()
  })

  test('across senders the higher tip goes first', async () => {
    const node = await ChainNode.create({ mining: { auto: false } })
    const to = node.accounts[5]!.address
    const cheap = signed(node, 0, { nonce: 0n, to, maxPriorityFeePerGas: GWEI })
    const rich = signed(node, 1, { nonce: 0n, to, maxPriorityFeePerGas: 3n * GWEI })
    await node.sendRawTransaction(cheap.raw)
    await node.sendRawTransaction(rich.raw)
    const [block] = await node.mine(1)
    expect(block!.transactions.map((t) => t.signed.hashKey)).toEqual([rich.hashKey, cheap.hashKey])
    await node.close()
  })

  test('a pooled transaction reads as pending until mined', async () => {
    const node = await ChainNode.create({ mining: { auto: false } })
    const tx = signed(node, 0, { nonce: 0n, to: node.accounts[1]!.address })
    await node.sendRawTransaction(tx.raw)
    expect(node.transaction(tx.hash)?.status).toBe('pending')
    expect(await node.pendingNonce(node.accounts[0]!.address)).toBe(1n)
    const pending = await node.pendingBlock()
    expect(pending.transactions.map((t) => t.signed.hashKey)).toEqual([tx.hashKey])
    expect(pending.block.header.number).toBe(node.head.number + 1n)
    await node.mine(1)
    expect(node.transaction(tx.hash)?.status).toBe('mined')
    await node.close()
  })
})

describe('determinism', () => {
  test('a fixed clock and the dev keys give identical block hashes on two runs', async () => {
    const run = async () => {
      const node = await ChainNode.create({ clock: { kind: 'fixed', genesisTime: 1_700_000_000n, blockTime: 12n } })
      await deployToken(node)
      await node.sendTransaction({ from: node.accounts[1]!.address, to: node.accounts[2]!.address, value: 7n })
      await node.mine(3)
      const hashes = [] as string[]
      for (let n = 0n; n <= node.head.number; n++) hashes.push(node.chain.blockByNumber(n)!.hashKey)
      await node.close()
      return hashes
    }
    const first = await run()
    expect(first).toHaveLength(6)
    expect(await run()).toEqual(first)
  })

  test('fixed clock: block n is at genesis time + n × block time', async () => {
    const node = await ChainNode.create({ clock: { kind: 'fixed', genesisTime: 1_000n, blockTime: 12n } })
    await node.mine(2)
    expect(node.head.timestamp).toBe(1_024n)
    await node.close()
  })
})
