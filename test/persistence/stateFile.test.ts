import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import type { ChainsimConfigInput } from '../../src/config/schema.ts'
import { StateFileError } from '../../src/persistence/errors.ts'
import { framed, MAGIC, readFrames } from '../../src/persistence/journalFile.ts'
import { startServer } from '../../src/server.ts'
import { nodeOptionsFor } from '../../src/network.ts'
import { ServerStateFile } from '../../src/persistence/serverState.ts'
import { deployToken, transferData } from '../helpers/contracts.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { sidecarOf, signBlobTransaction } from '../helpers/blobs.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { bytesToHex, hexToBytes } from '../../src/evm/index.ts'

/** Resolves once `node`'s head is at `height` or above (interval mining: blocks come by themselves). */
const minedPast = (node: { readonly head: { readonly number: bigint } }, height: bigint) =>
  vi.waitFor(() => expect(node.head.number).toBeGreaterThanOrEqual(height), { timeout: 10_000, interval: 5 })

const config = (networks: ChainsimConfigInput['networks'] = [{ name: 'dev', chainId: 31337, port: 0 }]) => parseConfig({ networks })

function tempPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'chainsim-state-')), 'state.json')
}

/** A served chain with history worth saving: a token, transfers, a reorg's side branch, pooled transactions. */
async function servedChainWithHistory(statePath: string) {
  const server = await startServer(
    config([
      { name: 'dev', chainId: 31337, port: 0 },
      { name: 'second', chainId: 4242, port: 0 },
    ]),
    { port: 0, statePath },
  )
  const node = server.networks[0]!.node
  const token = await deployToken(node)
  for (let i = 1n; i <= 3n; i++) {
    await node.sendTransaction({ from: node.accounts[0]!.address, to: token, data: transferData(node.accounts[1]!.address, i) })
  }
  const orphaned = node.head
  await node.reorgs.simReorg({ depth: 2 })
  await node.settings.setAutomine(false)
  const pooled = await node.sendTransaction({ from: node.accounts[2]!.address, to: node.accounts[3]!.address, value: 9n })
  await server.networks[1]!.node.mine(2)
  return { server, node, orphaned, pooled }
}

describe('--state: the rules a network runs', () => {
  test('each network comes back with its hardfork, whatever the config says at restart', async () => {
    const path = tempPath()
    const networks = [
      { name: 'dev', chainId: 31337, port: 0 },
      { name: 'osaka', chainId: 4242, port: 0, hardfork: 'osaka' },
      { name: 'prague', chainId: 4343, port: 0, hardfork: 'prague' },
    ]
    const server = await startServer(config(networks), { port: 0, statePath: path })
    for (const network of server.networks) await network.node.mine(1)
    expect(server.networks.map((n) => n.node.hardfork)).toEqual(['bpo2', 'osaka', 'prague'])
    await server.close()

    const again = await startServer(config(networks.map(({ hardfork: _, ...network }) => network)), { port: 0, statePath: path })
    try {
      expect(again.networks.map((n) => n.node.hardfork)).toEqual(['bpo2', 'osaka', 'prague'])
      // CLZ (Osaka's) runs on the restored Osaka network and is refused on the restored Prague one.
      const clz = { data: '0x60011e60005260206000f3' }
      expect(BigInt(await rpc(`${again.networks[1]!.httpUrl}/v3/k`, 'eth_call', [clz, 'latest']))).toBe(255n)
      expect((await rpcError(`${again.networks[2]!.httpUrl}/v3/k`, 'eth_call', [clz, 'latest'])).message).toMatch(/CLZ is not available before osaka/)
      await again.networks[0]!.node.mine(1)
    } finally {
      await again.close()
    }
  })
})

describe('--state: save and load', () => {
  test('a saved server comes back with the same chains, side branches, pool and balances', async () => {
    const path = tempPath()
    const { server, node, orphaned, pooled } = await servedChainWithHistory(path)
    const expected = {
      head: node.head.hashKey,
      number: node.head.number,
      balance: await node.execution.stateAt(node.head).getBalance(node.accounts[0]!.address),
      second: server.networks[1]!.node.head.hashKey,
    }
    await server.close()
    expect(existsSync(path)).toBe(true)

    const again = await startServer(
      config([
        { name: 'dev', chainId: 31337, port: 0 },
        { name: 'second', chainId: 4242, port: 0 },
      ]),
      { port: 0, statePath: path },
    )
    const restored = again.networks[0]!.node
    expect(restored.head.hashKey).toBe(expected.head)
    expect(restored.head.number).toBe(expected.number)
    expect(await restored.execution.stateAt(restored.head).getBalance(restored.accounts[0]!.address)).toBe(expected.balance)
    expect(restored.chain.blockByHash(orphaned.hashKey)?.number).toBe(orphaned.number)
    expect(restored.chain.isCanonical(restored.chain.blockByHash(orphaned.hashKey)!)).toBe(false)
    expect(restored.transaction(pooled)?.status).toBe('pending')
    expect(again.networks[1]!.node.head.hashKey).toBe(expected.second)
    // It is a working chain: logs are indexed and mining goes on.
    const url = `${again.networks[0]!.httpUrl}/v3/k`
    expect(await rpc(url, 'eth_getLogs', [{ fromBlock: '0x0' }])).toHaveLength(4)
    await restored.mine(1)
    expect(restored.transaction(pooled)?.status).toBe('mined')
    await again.close()
  })

  test('sim_saveState writes the file now; without --state it is -32000', async () => {
    const path = tempPath()
    const server = await startServer(config(), { port: 0, statePath: path, state: { intervalSeconds: 0 } })
    const url = `${server.networks[0]!.httpUrl}/v3/k`
    await rpc(url, 'evm_mine', [])
    const answer = await rpc<{ path: string; savedAt: string }>(url, 'sim_saveState', [])
    expect(answer.path).toBe(path)
    expect(Date.parse(answer.savedAt)).toBeLessThanOrEqual(Date.now())
    // What was written whole holds the block with nothing appended after it.
    const whole = readFileSync(path)
    const copy = join(mkdtempSync(join(tmpdir(), 'chainsim-state-')), 'copy.state')
    writeFileSync(copy, whole)
    await server.close()
    const again = await startServer(config(), { port: 0, statePath: copy })
    expect(again.networks[0]!.node.head.number).toBe(1n)
    await again.close()

    const plain = await startServer(config(), { port: 0 })
    expect(await rpcError(`${plain.networks[0]!.httpUrl}/v3/k`, 'sim_saveState', [])).toMatchObject({ code: -32000, message: expect.stringMatching(/--state/) })
    await plain.close()
  })

  test('a whole rewrite deletes what a rewrite killed half-way left beside the file', async () => {
    const path = tempPath()
    const leftover = join(path, '..', `.${basename(path)}.99999.tmp`)
    const unrelated = join(path, '..', 'notes.tmp')
    writeFileSync(leftover, 'half a file')
    writeFileSync(unrelated, 'kept')
    const server = await startServer(config(), { port: 0, statePath: path, state: { intervalSeconds: 0 } })
    await rpc(`${server.networks[0]!.httpUrl}/v3/k`, 'sim_saveState', [])
    expect(existsSync(leftover)).toBe(false)
    expect(existsSync(unrelated)).toBe(true)
    await server.close()
  })

  test('a file of the previous version (JSON, as anvil_dumpState writes) loads by executing its blocks, and is kept in the new one', async () => {
    const dumped = await startServer(config(), { port: 0 })
    const url = `${dumped.networks[0]!.httpUrl}/v3/k`
    await rpc(url, 'evm_mine', [])
    await rpc(url, 'anvil_setBalance', ['0x00000000000000000000000000000000000000aa', '0x1234'])
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    const json = gunzipSync(hexToBytes(await rpc(url, 'anvil_dumpState'))).toString('utf8')
    await dumped.close()
    const path = tempPath()
    writeFileSync(path, json)
    expect(JSON.parse(json).version).toBe(1)

    for (let run = 0; run < 2; run++) {
      const server = await startServer(config(), { port: 0, statePath: path })
      const restored = `${server.networks[0]!.httpUrl}/v3/k`
      expect(await rpc(restored, 'eth_getBlockByNumber', ['latest', false])).toEqual(head)
      expect(await rpc(restored, 'eth_getBalance', ['0x00000000000000000000000000000000000000aa', 'latest'])).toBe('0x1234')
      await server.close()
      expect(readFileSync(path).subarray(0, MAGIC.length).toString('latin1')).toBe(MAGIC)
    }
  })

  test('a restored network that mines on an interval keeps what it mined before the file was open', async () => {
    const path = tempPath()
    const interval = config([{ name: 'dev', chainId: 31337, port: 0, mining: { intervalMs: 20 } }])
    const first = await startServer(interval, { port: 0, statePath: path })
    await minedPast(first.networks[0]!.node, 3n)
    await first.close()
    // Restored, it mines at once; the file is opened for its changes only later.
    const network = interval.networks[0]!
    const file = await ServerStateFile.open(path, interval.networks)
    const node = (await file.restore(network, nodeOptionsFor(network)))!
    const restoredAt = node.head.number
    expect(restoredAt).toBeGreaterThanOrEqual(3n)
    await minedPast(node, restoredAt + 3n)
    await file.start([{ name: 'dev', node }])
    // Blocks mined once the file is open are appended inside their writes.
    await minedPast(node, node.head.number + 2n)
    const head = node.head
    // The file as a killed process leaves it.
    const copy = join(mkdtempSync(join(tmpdir(), 'chainsim-state-')), 'copy.state')
    copyFileSync(path, copy)
    await node.close()
    await file.close()
    const again = await startServer(config(), { port: 0, statePath: copy })
    try {
      expect(again.networks[0]!.node.chain.blockByHash(head.hashKey)?.number).toBe(head.number)
    } finally {
      await again.close()
    }
  })

  test("a network that automines and mines on an interval too (Hardhat's mining) is restored doing both", async () => {
    const path = tempPath()
    const both = config([{ name: 'dev', chainId: 31337, port: 0, mining: { auto: true, interval: 60_000 } }])
    const first = await startServer(both, { port: 0, statePath: path })
    await first.close()
    const again = await startServer(config(), { port: 0, statePath: path })
    try {
      expect(again.networks[0]!.node.settings.mining).toMatchObject({ automine: true, intervalMs: 60_000 })
    } finally {
      await again.close()
    }
  })

  test('a file of a later version is refused naming its version', async () => {
    const path = tempPath()
    writeFileSync(path, 'chainsim-state v3\n...')
    const before = readFileSync(path)
    await expect(startServer(config(), { port: 0, statePath: path })).rejects.toThrow(/has version 3; this chainsim reads versions 1 and 2/)
    expect(readFileSync(path).equals(before)).toBe(true)
  })

  test('state set directly on accounts comes back: what later blocks were built on, and what is on the head', async () => {
    const path = tempPath()
    const server = await startServer(config(), { port: 0, statePath: path })
    const url = `${server.networks[0]!.httpUrl}/v3/k`
    const spare = '0x00000000000000000000000000000000000000aa'
    await rpc(url, 'anvil_setBalance', [spare, '0x1000'])
    await rpc(url, 'anvil_setCode', [spare, '0x6000'])
    await rpc(url, 'evm_mine', [])
    await rpc(url, 'anvil_setStorageAt', [spare, '0x1', `0x${'00'.repeat(31)}07`])
    await rpc(url, 'anvil_setBlockTimestampInterval', [30])
    const head = await rpc(url, 'eth_getBlockByNumber', ['latest', false])
    await server.close()

    const again = await startServer(config(), { port: 0, statePath: path })
    const restored = `${again.networks[0]!.httpUrl}/v3/k`
    expect(await rpc(restored, 'eth_getBlockByNumber', ['latest', false])).toEqual(head)
    expect(await rpc(restored, 'eth_getBalance', [spare, 'latest'])).toBe('0x1000')
    expect(await rpc(restored, 'eth_getCode', [spare, 'latest'])).toBe('0x6000')
    expect(await rpc(restored, 'eth_getStorageAt', [spare, '0x1', 'latest'])).toBe(`0x${'00'.repeat(31)}07`)
    await rpc(restored, 'evm_mine', [])
    expect(BigInt((await rpc(restored, 'eth_getBlockByNumber', ['latest', false])).timestamp)).toBe(BigInt(head.timestamp) + 30n)
    expect(await rpc(restored, 'eth_getStorageAt', [spare, '0x1', 'latest'])).toBe(`0x${'00'.repeat(31)}07`)
    await again.close()
  })
})

describe('--state: blob transactions', () => {
  test('a pooled one comes back with its sidecar and is mined; a mined one can be pooled again by a reorg', async () => {
    const path = tempPath()
    const server = await startServer(config(), { port: 0, statePath: path })
    const url = `${server.networks[0]!.httpUrl}/v3/k`
    const sign = (nonce: number) => signBlobTransaction({ account: devAccount(5), chainId: 31337, nonce, sidecars: [sidecarOf('saved blob')] })
    const mined = await rpc<string>(url, 'eth_sendRawTransaction', [await sign(0)])
    await rpc(url, 'evm_setAutomine', [false])
    const pooled = await rpc<string>(url, 'eth_sendRawTransaction', [await sign(1)])
    await server.close()

    const again = await startServer(config(), { port: 0, statePath: path })
    const restored = `${again.networks[0]!.httpUrl}/v3/k`
    expect(await rpc(restored, 'eth_getTransactionByHash', [pooled])).toMatchObject({ blockHash: null, type: '0x3' })
    await rpc(restored, 'evm_mine', [])
    expect(await rpc(restored, 'eth_getTransactionReceipt', [pooled])).toMatchObject({ status: '0x1', blobGasUsed: '0x20000' })
    // Both blocks go; the blob transactions need their sidecars to be pooled again.
    await rpc(restored, 'sim_reorg', [{ depth: 2, reinclude: 'none' }])
    const content = await rpc(restored, 'txpool_content', [])
    expect(Object.keys(content.pending[devAccount(5).address] ?? {})).toEqual(['0', '1'])
    await rpc(restored, 'evm_mine', [])
    expect(await rpc(restored, 'eth_getTransactionReceipt', [mined])).toMatchObject({ status: '0x1' })
    await again.close()
  })
})

describe('--state: impersonated senders', () => {
  // Two impersonated accounts send the same fields (same nonce, value, gas and fees): their bypass signatures are
  // identical and recover no one, so only what the file says of each tells their senders apart.
  const first = hexToBytes('0x00000000000000000000000000000000000001a1')
  const second = hexToBytes('0x00000000000000000000000000000000000001a2')
  const to = hexToBytes('0x00000000000000000000000000000000000001b0')

  test('a mined and a pooled transaction of impersonated accounts come back with their senders and hashes', async () => {
    const path = tempPath()
    const server = await startServer(config(), { port: 0, statePath: path })
    const node = server.networks[0]!.node
    for (const account of [first, second]) {
      await node.signing.impersonate(account)
      await node.setAccountState([{ address: account, balance: 10n ** 18n }])
    }
    const fields = { to, value: 7n, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n }
    const mined = [await node.sendTransaction({ from: first, ...fields }), await node.sendTransaction({ from: second, ...fields })]
    await node.settings.setAutomine(false)
    const pooled = await node.sendTransaction({ from: first, ...fields })
    const balances = await Promise.all([first, second, to].map((a) => node.execution.stateAt(node.head).getBalance(a)))
    const head = node.head.hashKey
    await server.close()

    const again = await startServer(config(), { port: 0, statePath: path })
    try {
      const restored = again.networks[0]!.node
      expect(restored.head.hashKey).toBe(head)
      expect(await Promise.all([first, second, to].map((a) => restored.execution.stateAt(restored.head).getBalance(a)))).toEqual(balances)
      for (const [hash, from] of [
        [mined[0]!, first],
        [mined[1]!, second],
        [pooled, first],
      ] as const) {
        const found = restored.transaction(hash)
        expect(found?.status, bytesToHex(hash)).toBe(hash === pooled ? 'pending' : 'mined')
        expect(bytesToHex((found!.status === 'mined' ? found!.location.block.transactions[found!.location.index]!.signed : found!.signed).from)).toBe(
          bytesToHex(from),
        )
      }
      // The pooled one is mined from its own sender's balance.
      await restored.mine(1)
      expect(await restored.execution.stateAt(restored.head).getBalance(to)).toBe(balances[2]! + 7n)
    } finally {
      await again.close()
    }
  })

  test('anvil_dumpState and anvil_loadState carry them too', async () => {
    const server = await startServer(config(), { port: 0 })
    try {
      const url = `${server.networks[0]!.httpUrl}/v3/test`
      const node = server.networks[0]!.node
      await rpc(url, 'anvil_impersonateAccount', [bytesToHex(first)])
      await rpc(url, 'anvil_setBalance', [bytesToHex(first), '0xde0b6b3a7640000'])
      const hash = await rpc<string>(url, 'eth_sendTransaction', [{ from: bytesToHex(first), to: bytesToHex(to), value: '0x7' }])
      const dump = await rpc(url, 'anvil_dumpState')
      const head = node.head.hashKey
      await rpc(url, 'anvil_reset')
      expect(await rpc(url, 'anvil_loadState', [dump])).toBe(true)
      expect(node.head.hashKey).toBe(head)
      expect((await rpc(url, 'eth_getTransactionByHash', [hash])).from).toBe(bytesToHex(first))
    } finally {
      await server.close()
    }
  })
})

describe('--state: files that are refused and left as they are', () => {
  async function expectRefused(path: string, pattern: RegExp, networks?: ChainsimConfigInput['networks']) {
    const before = readFileSync(path)
    await expect(startServer(config(networks), { port: 0, statePath: path })).rejects.toThrow(pattern)
    await expect(startServer(config(networks), { port: 0, statePath: path })).rejects.toBeInstanceOf(StateFileError)
    expect(readFileSync(path).equals(before)).toBe(true)
  }

  test('a file cut short inside its whole picture', async () => {
    const path = tempPath()
    const { server } = await servedChainWithHistory(path)
    await server.close()
    const bytes = readFileSync(path)
    writeFileSync(path, bytes.subarray(0, bytes.length / 2))
    await expectRefused(path, /is damaged: network dev's image is not whole/)
  })

  test('a foreign JSON file', async () => {
    const path = tempPath()
    writeFileSync(path, JSON.stringify({ hello: 'world' }))
    await expectRefused(path, /not a chainsim state file/)
  })

  test('a file of another chain id under the same name', async () => {
    const path = tempPath()
    const server = await startServer(config(), { port: 0, statePath: path })
    await server.close()
    await expectRefused(path, /chain id 31337.*configured with 1/, [{ name: 'dev', chainId: 1, port: 0 }])
  })

  test('a tampered log: restored as kept, refused with --state-verify naming the block', async () => {
    const path = tempPath()
    const server = await startServer(config(), { port: 0, statePath: path })
    const node = server.networks[0]!.node
    const token = await deployToken(node)
    const hash = await node.sendTransaction({ from: node.accounts[0]!.address, to: token, data: transferData(node.accounts[1]!.address, 0x1234567n) })
    const block = (node.transaction(hash) as { location: { block: { number: bigint } } }).location.block.number
    await server.close()
    // The transfer's amount in its log's data (after the same amount in its calldata), changed with its frame's checksum made again.
    const { payloads } = readFrames(readFileSync(path))
    const amount = Buffer.from(`${'00'.repeat(28)}01234567`, 'hex')
    const forged = Buffer.from(`${'00'.repeat(28)}01234568`, 'hex')
    const tampered = payloads.map((payload) => {
      const bytes = Buffer.from(payload)
      const at = bytes.lastIndexOf(amount)
      if (at >= 0) forged.copy(bytes, at)
      return bytes
    })
    expect(tampered.some((p, i) => !p.equals(payloads[i]!))).toBe(true)
    writeFileSync(path, Buffer.concat([Buffer.from(MAGIC, 'latin1'), framed(tampered)]))
    const before = readFileSync(path)

    const trusting = await startServer(config(), { port: 0, statePath: path, state: { intervalSeconds: 0 } })
    const receipt = await rpc(`${trusting.networks[0]!.httpUrl}/v3/k`, 'eth_getTransactionReceipt', [bytesToHex(hash)])
    expect(receipt.logs[0].data).toBe(`0x${forged.toString('hex')}`)
    await trusting.close()
    writeFileSync(path, before)

    await expect(startServer(config(), { port: 0, statePath: path, state: { verify: true } })).rejects.toThrow(
      new RegExp(`network dev: block ${block} 0x[0-9a-f]{64}: transaction 0 \\(${bytesToHex(hash)}\\): its logs differs from the one kept`),
    )
    expect(readFileSync(path).equals(before)).toBe(true)
  })
})
