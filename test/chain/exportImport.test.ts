import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { encodeFunctionData, fromRlp, hexToBytes, toRlp } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signFor } from '../helpers/signing.ts'
import { importChain } from '../../src/chain/importChain.ts'
import type { ChainBlock } from '../../src/chain/types.ts'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { bytesToHex } from '../../src/evm/index.ts'
import type { TypedTxData } from '../../src/evm/index.ts'
import { exportChain } from '../../src/exportChain.ts'
import { loadImportedNetwork } from '../../src/importedNetwork.ts'
import { ChainImportError } from '../../src/errors.ts'
import { ChainNode } from '../../src/node.ts'
import { formatReceipt } from '../../src/rpc/formatters/receipt.ts'
import { bytesToAddress, deployToken, transferData } from '../helpers/contracts.ts'

const GWEI = 10n ** 9n

/** A dev chain with real traffic: an ERC-20 deployed, transfers of several senders and types. */
async function buildChain(): Promise<{ node: ChainNode; token: Uint8Array }> {
  const node = await ChainNode.create({ clock: { kind: 'fixed', genesisTime: 1_700_000_000n, blockTime: 12n } })
  const [a, b, c] = [node.accounts[0]!, node.accounts[1]!, node.accounts[2]!]
  const token = await deployToken(node)
  await node.sendTransaction({ from: a.address, to: token, data: transferData(b.address, 1_000n) })
  await node.sendTransaction({ from: a.address, to: c.address, value: 10n ** 18n })
  // Several transactions in one block, one of them a legacy transaction and one that reverts.
  await node.settings.setAutomine(false)
  await node.sendTransaction({ from: b.address, to: token, data: transferData(c.address, 400n) })
  await node.sendTransaction({ from: c.address, to: token, data: transferData(a.address, 10n ** 30n), gas: 100_000n })
  await node.sendTransaction({ from: a.address, to: b.address, value: 5n, gasPrice: 3n * GWEI })
  const legacy = signFor(node, b.privateKey, {
    type: 0,
    nonce: await node.pendingNonce(b.address),
    gasLimit: 60_000n,
    gasPrice: 2n * GWEI,
    to: token,
    data: transferData(a.address, 7n),
  } as TypedTxData)
  await node.sendRawTransaction(legacy.raw)
  await node.mine(1)
  await node.mine(2)
  return { node, token }
}

function balanceOfData(owner: Uint8Array): Uint8Array {
  return hexToBytes(encodeFunctionData({ abi: ChainsimToken.abi, functionName: 'balanceOf', args: [bytesToAddress(owner)] }))
}

describe('export, then import: the same chain', () => {
  let dir: string
  let node: ChainNode
  let token: Uint8Array

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chainsim-export-'))
    ;({ node, token } = await buildChain())
  })
  afterAll(async () => {
    await node.close()
    await rm(dir, { recursive: true, force: true })
  })

  test('every block hash, receipt and balance comes back', async () => {
    const written = await exportChain(node, dir)
    expect(written.head).toBe(node.head.number)
    const { chain } = await importChain(JSON.parse(await readFile(written.genesisFile, 'utf8')), await readFile(written.blocksFile))

    expect(chain.chainId).toBe(node.chainId)
    expect(chain.head.number).toBe(node.head.number)
    let transactions = 0
    for (let n = 0n; n <= node.head.number; n++) {
      const original = node.chain.blockByNumber(n) as ChainBlock
      const imported = chain.blockByNumber(n) as ChainBlock
      expect(imported.hashKey, `block ${n}`).toBe(original.hashKey)
      expect(imported.transactions).toHaveLength(original.transactions.length)
      for (let i = 0; i < original.transactions.length; i++) expect(formatReceipt(imported, i)).toEqual(formatReceipt(original, i))
      transactions += original.transactions.length
    }
    expect(transactions).toBe(7)
    const busy = node.chain.blockByNumber(4n) as ChainBlock
    expect(busy.transactions).toHaveLength(4)
    expect(busy.transactions.map((t) => t.status)).toContain(0)

    const served = ChainNode.fromChain(chain, { mining: { auto: false } })
    try {
      for (const account of node.accounts.slice(0, 4)) {
        const label = bytesToHex(account.address)
        expect(await served.execution.stateAt(served.head).getBalance(account.address), label).toBe(
          await node.execution.stateAt(node.head).getBalance(account.address),
        )
        expect(await served.execution.stateAt(served.head).getNonce(account.address), label).toBe(
          await node.execution.stateAt(node.head).getNonce(account.address),
        )
        const call = { from: account.address, to: token, data: balanceOfData(account.address) }
        expect(bytesToHex((await served.execution.call(call, served.head)).returnValue)).toBe(
          bytesToHex((await node.execution.call(call, node.head)).returnValue),
        )
      }
      // The imported chain keeps working as a dev chain: a block mined on top of it.
      const [mined] = await served.mine(1)
      expect(mined!.number).toBe(node.head.number + 1n)
    } finally {
      await served.close()
    }
  })

  test('an exported chain is also what `serve --genesis --import` loads', async () => {
    const written = await exportChain(node, join(dir, 'again'))
    const imported = await loadImportedNetwork({ genesisFile: written.genesisFile, blocksFile: written.blocksFile })
    expect(imported.chain.head.hashKey).toBe(node.head.hashKey)
    expect(imported.config.networks[0]?.chainId).toBe(Number(node.chainId))
    // Imported blocks count as finalized (the forkchoice they were exported under).
    expect(imported.chain.tagNumber('finalized')).toBe(node.head.number)
    expect(imported.chain.tagNumber('safe')).toBe(node.head.number)
  })

  test('a block whose state root does not match is refused, naming the block', async () => {
    const written = await exportChain(node, join(dir, 'tampered'))
    const genesis = JSON.parse(await readFile(written.genesisFile, 'utf8'))
    const first = Object.keys(genesis.alloc)[0] as string
    genesis.alloc[first].balance = '0x1'
    // Another genesis: block 1 no longer descends from it.
    await expect(importChain(genesis, await readFile(written.blocksFile))).rejects.toThrow(
      /^block 1: parent hash .* \(the chain was not built on this genesis\)/,
    )

    const blocks = await readFile(written.blocksFile)
    const truncated = blocks.subarray(0, blocks.length - 10)
    await writeFile(join(dir, 'tampered', 'chain.rlp'), truncated)
    await expect(loadImportedNetwork({ genesisFile: written.genesisFile, blocksFile: join(dir, 'tampered', 'chain.rlp') })).rejects.toThrow(ChainImportError)
    await expect(loadImportedNetwork({ genesisFile: written.genesisFile, blocksFile: join(dir, 'tampered', 'chain.rlp') })).rejects.toThrow(
      new RegExp(`chain.rlp: block ${node.head.number}: `),
    )
  })

  test('a header whose state root or receipts root lies is refused, naming the block and the field', async () => {
    const written = await exportChain(node, join(dir, 'lying'))
    const genesis = JSON.parse(await readFile(written.genesisFile, 'utf8'))
    const blocks = splitBlocks(await readFile(written.blocksFile))
    const lie = (field: number) => {
      const copy = blocks.map((b) => b.slice())
      const target = copy[3] as unknown as RlpList
      const header = target[0] as RlpList
      header[field] = new Uint8Array(32).fill(0xab)
      return Buffer.concat(copy.map((b) => hexToBytes(toRlp(b as never))))
    }
    await expect(importChain(genesis, lie(3))).rejects.toThrow(/^block 4: state root mismatch: executing the block gives 0x[0-9a-f]{64}, the header has 0xabab/)
    await expect(importChain(genesis, lie(5))).rejects.toThrow(/^block 4: receipts root mismatch/)
  })
})

describe('an imported geth chain exports as it came', () => {
  // execution-apis' hive chain: forks by block and by time, proof-of-work blocks, every tx type.
  const tests = new URL('../fixtures/execution-apis/tests/', import.meta.url)

  test('genesis config and blocks written back import to the same head', async () => {
    const imported = await loadImportedNetwork({
      genesisFile: fileURLToPath(new URL('genesis.json', tests)),
      blocksFile: fileURLToPath(new URL('chain.rlp', tests)),
      mining: { auto: false },
    })
    const node = await imported.createNode(imported.config.networks[0]!)
    const dir = await mkdtemp(join(tmpdir(), 'chainsim-export-'))
    try {
      const written = await exportChain(node, dir)
      expect(await readFile(written.blocksFile)).toEqual(await readFile(new URL('chain.rlp', tests)))
      const original = JSON.parse(await readFile(new URL('genesis.json', tests), 'utf8'))
      const exported = JSON.parse(await readFile(written.genesisFile, 'utf8'))
      expect(exported.config).toEqual(original.config)
      const again = await importChain(exported, await readFile(written.blocksFile))
      expect(again.chain.genesis.hashKey).toBe(imported.chain.genesis.hashKey)
      expect(again.chain.head.hashKey).toBe('0xd226371d0b1551adb03fb52b71f08e3e11247fe9b1af994768af8cdaa8e7dcd7')
    } finally {
      await node.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

type RlpList = Array<Uint8Array | RlpList>

/** The blocks of a concatenated-RLP file, each as its decoded list. */
function splitBlocks(bytes: Uint8Array): RlpList[] {
  const blocks: RlpList[] = []
  let offset = 0
  while (offset < bytes.length) {
    const length = rlpItemLength(bytes, offset)
    blocks.push(fromRlp(bytes.subarray(offset, offset + length), 'bytes') as RlpList)
    offset += length
  }
  return blocks
}

/** Total length (prefix included) of the RLP list starting at `offset`. */
function rlpItemLength(bytes: Uint8Array, offset: number): number {
  const prefix = bytes[offset] as number
  if (prefix < 0xf8) return 1 + prefix - 0xc0
  const lengthBytes = prefix - 0xf7
  let length = 0
  for (let i = 1; i <= lengthBytes; i++) length = length * 256 + (bytes[offset + i] as number)
  return 1 + lengthBytes + length
}
