import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import type { ChainsimConfigInput } from '../../src/config/schema.ts'
import { readStateFile, STATE_FORMAT, STATE_VERSION, StateFileError, writeStateFile } from '../../src/persistence/stateFile.ts'
import { startServer } from '../../src/server.ts'
import { deployToken, transferData } from '../helpers/contracts.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'
import { stubNetwork } from './stubState.ts'
import { sidecarOf, signBlobTransaction } from '../helpers/blobs.ts'
import { devAccount } from '../helpers/rpcChain.ts'
import { bytesToHex, hexToBytes } from '../../src/evm/index.ts'

const config = (networks: ChainsimConfigInput['networks'] = [{ name: 'dev', chainId: 31337, port: 0 }]) => parseConfig({ networks })

function tempPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'chainsim-state-')), 'state.json')
}

/** A served chain with history worth saving: a token, transfers, a reorg's side branch, pooled transactions. */
async function servedChainWithHistory(statePath: string) {
  const server = await startServer(config([{ name: 'dev', chainId: 31337, port: 0 }, { name: 'second', chainId: 4242, port: 0 }]), { port: 0, statePath })
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

    const again = await startServer(config([{ name: 'dev', chainId: 31337, port: 0 }, { name: 'second', chainId: 4242, port: 0 }]), { port: 0, statePath: path })
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
    const server = await startServer(config(), { port: 0, statePath: path })
    const url = `${server.networks[0]!.httpUrl}/v3/k`
    await rpc(url, 'evm_mine', [])
    const answer = await rpc<{ path: string; savedAt: string }>(url, 'sim_saveState', [])
    expect(answer.path).toBe(path)
    expect((await readStateFile(path))?.networks[0]?.blocks).toHaveLength(1)
    await server.close()

    const plain = await startServer(config(), { port: 0 })
    expect(await rpcError(`${plain.networks[0]!.httpUrl}/v3/k`, 'sim_saveState', [])).toMatchObject({ code: -32000, message: expect.stringMatching(/--state/) })
    await plain.close()
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
      for (const [hash, from] of [[mined[0]!, first], [mined[1]!, second], [pooled, first]] as const) {
        const found = restored.transaction(hash)
        expect(found?.status, bytesToHex(hash)).toBe(hash === pooled ? 'pending' : 'mined')
        expect(bytesToHex((found!.status === 'mined' ? found!.location.block.transactions[found!.location.index]!.signed : found!.signed).from)).toBe(bytesToHex(from))
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

  test('a truncated file', async () => {
    const path = tempPath()
    const { server } = await servedChainWithHistory(path)
    await server.close()
    const text = readFileSync(path, 'utf8')
    writeFileSync(path, text.slice(0, text.length / 2))
    await expectRefused(path, /not valid JSON/)
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

  test('a tampered block: its re-execution does not match its header', async () => {
    const path = tempPath()
    const { server, node } = await servedChainWithHistory(path)
    const stateRoot = Buffer.from(node.head.stateRoot).toString('hex')
    await server.close()
    const state = JSON.parse(readFileSync(path, 'utf8'))
    const blocks: string[] = state.networks[0].blocks
    const index = blocks.findIndex((b) => b.includes(stateRoot))
    expect(index).toBeGreaterThanOrEqual(0)
    const forged = `${stateRoot.slice(0, -2)}${stateRoot.endsWith('00') ? '01' : '00'}`
    blocks[index] = blocks[index]!.replace(stateRoot, forged)
    writeFileSync(path, JSON.stringify(state))
    await expectRefused(path, /network dev: block \d+: state root mismatch/, [
      { name: 'dev', chainId: 31337, port: 0 },
      { name: 'second', chainId: 4242, port: 0 },
    ])
  })
})

describe('--state: a save killed half-way', () => {
  test('leaves the previous file whole', async () => {
    const path = tempPath()
    const small = { format: STATE_FORMAT, version: STATE_VERSION, savedAt: 'first', networks: [stubNetwork(1)] } as const
    await writeStateFile(path, small as never)
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./saveForever.ts', import.meta.url)), path], { stdio: 'ignore' })
    // Kill it while a temporary file is being written: the target must still parse.
    const deadline = Date.now() + 15_000
    const writing = () => readdirSync(join(path, '..')).some((f) => f.endsWith('.tmp'))
    while (!writing() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
    // Without a temporary file there would be nothing half-written to survive: the test would hold nothing.
    expect(writing(), 'the saving process wrote no temporary file within 15 s').toBe(true)
    child.kill('SIGKILL')
    expect(await exited, 'the saving process was killed, not finished').toBe('SIGKILL')
    const survivor = await readStateFile(path)
    expect(survivor?.format).toBe(STATE_FORMAT)
    // The next successful save cleans up the killed one's temporary file.
    await writeStateFile(path, small as never)
    expect(readdirSync(join(path, '..')).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })
})
