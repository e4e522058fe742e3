import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startChainsim } from '../../src/testing/index.ts'
import type { Chainsim } from '../../src/testing/index.ts'
import { hasAnvil, startAnvil } from '../helpers/anvil.ts'
import type { AnvilProcess } from '../helpers/anvil.ts'
import { rpc, rpcError } from '../helpers/rpcClient.ts'

// A fork runs its upstream's rules at the fork block unless told otherwise: an Osaka upstream's contracts that
// use CLZ keep working on the fork.

// Init code run by eth_call: PUSH1 1, CLZ, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
const CLZ_OF_ONE = '0x60011e60005260206000f3'
const clzOnHead = (url: string) => rpc(url, 'eth_call', [{ data: CLZ_OF_ONE }, 'latest'])

describe('a fork of chainsim', () => {
  test('takes its upstream’s rules from eth_config: an upstream at latest (BPO2), one at osaka, one at prague', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-fork-rules-'))
    try {
      for (const [hardfork, expected] of [
        ['latest', 'Bpo2'],
        ['osaka', 'Osaka'],
        ['prague', 'Prague'],
      ] as const) {
        const upstream = await startChainsim({ hardfork })
        await rpc(upstream.url, 'evm_mine')
        const fork = await startChainsim({ networks: [{ name: 'fork', fork: { url: upstream.url, cacheDir } }] })
        try {
          expect((await rpc(fork.url, 'anvil_nodeInfo')).hardFork).toBe(expected)
          expect((await rpc(fork.url, 'eth_config')).current.blobSchedule).toEqual((await rpc(upstream.url, 'eth_config')).current.blobSchedule)
        } finally {
          await fork.close()
          await upstream.close()
        }
      }
    } finally {
      await rm(cacheDir, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!hasAnvil)('a fork of an Osaka Anvil', () => {
  let anvil: AnvilProcess
  let cacheDir: string
  const forks: Chainsim[] = []
  const forkOf = async (hardfork?: string) => {
    const fork = await startChainsim({ networks: [{ name: 'fork', fork: { url: anvil.url, cacheDir }, ...(hardfork ? { hardfork } : {}) }] })
    forks.push(fork)
    return fork
  }
  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'chainsim-fork-rules-'))
    anvil = await startAnvil(['--hardfork', 'osaka'])
    await rpc(anvil.url, 'evm_mine')
  }, 60_000)
  afterAll(async () => {
    for (const fork of forks) await fork.close()
    await anvil?.close()
    if (cacheDir) await rm(cacheDir, { recursive: true, force: true })
  })

  test('keeps Osaka: CLZ runs on the fork as upstream, and anvil_nodeInfo names Osaka and the fork', async () => {
    const fork = await forkOf()
    expect(BigInt(await clzOnHead(fork.url))).toBe(255n)
    expect(await clzOnHead(fork.url)).toBe(await clzOnHead(anvil.url))
    const info = await rpc(fork.url, 'anvil_nodeInfo')
    expect(info.hardFork).toBe('Osaka')
    expect(info.forkConfig).toEqual({ forkUrl: anvil.url, forkBlockNumber: 1, forkRetryBackoff: 250 })
  })

  test('a named hardfork wins over the upstream’s: at prague CLZ is refused', async () => {
    const fork = await forkOf('prague')
    expect(await rpcError(fork.url, 'eth_call', [{ data: CLZ_OF_ONE }, 'latest'])).toMatchObject({ message: expect.stringMatching(/invalid opcode/) })
    expect((await rpc(fork.url, 'anvil_nodeInfo')).hardFork).toBe('Prague')
  })
})
