import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeFunctionResult } from 'viem'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { ChainsimToken } from '../../src/contracts/index.ts'
import { startServer } from '../../src/server.ts'
import type { RunningServer } from '../../src/server.ts'
import { deployTokenViaRpc, devAccount, hex, receiptOf, send, tokenCall } from '../helpers/rpcChain.ts'
import { rpc } from '../helpers/rpcClient.ts'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import type { AnvilProcess } from '../helpers/anvil.ts'

// The same fork with Anvil 1.7.1 as the upstream (where its binary is installed): another client's blocks,
// hashes and JSON, and a differential check of impersonated and unsigned transactions against Anvil's own.
const alice = devAccount(0).address
const bob = devAccount(1).address
const holder: Hex = '0x000000000000000000000000000000000000a11e'
const TOKEN = 10n ** 18n

let anvil: AnvilProcess
let cacheDir: string
let fork: RunningServer
let url: string
let token: Hex
let forkBlock: bigint

const balanceOf = async (at: string, owner: Hex) =>
  decodeFunctionResult({
    abi: ChainsimToken.abi,
    functionName: 'balanceOf',
    data: await rpc<Hex>(at, 'eth_call', [{ to: token, data: tokenCall('balanceOf', [owner]) }, 'latest']),
  })

describe.skipIf(!hasAnvil)('a fork of Anvil', () => {
  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-fork-anvil-'))
    // Anvil's automine answers a send before its block is mined: blocks come from evm_mine here instead.
    anvil = await startAnvil(['--no-mining'])
    token = await deployTokenViaRpc(anvil.url, { mine: true })
    const funding = await send(anvil.url, { from: alice, to: token, data: tokenCall('transfer', [holder, 50n * TOKEN]) })
    await rpc(anvil.url, 'evm_mine')
    await receiptOf(anvil.url, funding)
    forkBlock = BigInt(await rpc(anvil.url, 'eth_blockNumber'))
    fork = await startServer(parseConfig({ networks: [{ name: 'fork', fork: { url: anvil.url, blockNumber: Number(forkBlock), cacheDir } }] }), { port: 0 })
    url = `${fork.networks[0]!.httpUrl}/v3/test`
  }, 60_000)

  afterAll(async () => {
    await fork?.close()
    await anvil?.close()
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
  })

  test('Anvil’s fork block is the fork’s, hash and all; its token reads lazily and transfers', async () => {
    expect(await rpc(url, 'eth_chainId')).toBe('0x7a69')
    expect(await rpc(url, 'eth_getBlockByNumber', [hex(forkBlock), false])).toEqual(await rpc(anvil.url, 'eth_getBlockByNumber', [hex(forkBlock), false]))
    expect(await balanceOf(url, holder)).toBe(50n * TOKEN)
    const hash = await send(url, { from: alice, to: token, data: tokenCall('transfer', [bob, 3n * TOKEN]) })
    const receipt = await receiptOf(url, hash)
    expect(receipt.status).toBe('0x1')
    expect((await rpc(url, 'eth_getBlockByNumber', [receipt.blockNumber, false])).parentHash).toBe(
      (await rpc(anvil.url, 'eth_getBlockByNumber', [hex(forkBlock), false])).hash,
    )
    expect(await balanceOf(url, bob)).toBe(3n * TOKEN)
    const logs = await rpc(url, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', address: token }])
    expect(logs.map((log: { blockNumber: string }) => BigInt(log.blockNumber))).toEqual([1n, 2n, forkBlock + 1n])
  })

  test('an impersonated transaction gets the hash Anvil gives the same one', async () => {
    const tx = {
      from: holder,
      to: token,
      data: tokenCall('transfer', [bob, TOKEN]),
      nonce: hex(0),
      gas: hex(100_000),
      maxFeePerGas: hex(10n ** 10n),
      maxPriorityFeePerGas: hex(10n ** 9n),
    }
    const hashes: Hex[] = []
    for (const at of [anvil.url, url]) {
      await rpc(at, 'anvil_impersonateAccount', [holder])
      await rpc(at, 'anvil_setBalance', [holder, hex(TOKEN)])
      hashes.push(await send(at, tx))
    }
    expect(hashes[1]).toBe(hashes[0])
    expect((await receiptOf(url, hashes[1]!)).status).toBe('0x1')
    expect(await balanceOf(url, holder)).toBe(49n * TOKEN)
  })

  test('eth_sendUnsignedTransaction gets the hash Anvil gives the same one, without impersonating', async () => {
    const sender: Hex = '0x000000000000000000000000000000000000a11f'
    const tx = { from: sender, to: bob, value: hex(7), nonce: hex(0), gas: hex(21_000), maxFeePerGas: hex(10n ** 10n), maxPriorityFeePerGas: hex(10n ** 9n) }
    const hashes: Hex[] = []
    for (const at of [anvil.url, url]) {
      await rpc(at, 'anvil_setBalance', [sender, hex(TOKEN)])
      hashes.push(await rpc<Hex>(at, 'eth_sendUnsignedTransaction', [tx]))
    }
    expect(hashes[1]).toBe(hashes[0])
    expect((await receiptOf(url, hashes[1]!)).status).toBe('0x1')
  })
})
