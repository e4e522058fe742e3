import { createPublicClient, createTestClient, createWalletClient, http, publicActions } from 'viem'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { StartChainsimError, startChainsim } from '../../src/testing/index.ts'

// startChainsim's chain options (Anvil's flags and Hardhat's network keys by their config names), through viem
// against the served chain.
const ETHER = 10n ** 18n
// 30,000 bytes of code, past EIP-170's 24,576: initcode that copies the code after it and returns it.
const BIG_DEPLOY: Hex = `0x61753080600c6000396000f3${'00'.repeat(30_000)}`

describe('startChainsim chain options', () => {
  test('chainId, accounts, balance, gasLimit, baseFee and timestamp shape every network it starts; a network its own keys win', async () => {
    const chainsim = await startChainsim({
      chainId: 7,
      accounts: 2,
      balance: 3,
      gasLimit: 12_000_000,
      baseFee: 5,
      timestamp: 1_700_000_000,
      networks: [{}, { name: 'other', chainId: 8, accounts: 1 }],
    })
    try {
      const client = createPublicClient({ transport: http(chainsim.url) })
      expect(await client.getChainId()).toBe(7)
      expect(chainsim.accounts).toHaveLength(2)
      expect(await client.getBalance({ address: chainsim.accounts[1]!.address })).toBe(3n * ETHER)
      const genesis = await client.getBlock({ blockNumber: 0n })
      expect([genesis.gasLimit, genesis.baseFeePerGas, genesis.timestamp]).toEqual([12_000_000n, 5n, 1_700_000_000n])
      const other = createPublicClient({ transport: http(chainsim.networks['other']!.url) })
      expect(await other.getChainId()).toBe(8)
      expect(chainsim.networks['other']!.node.accounts).toHaveLength(1)
      expect(await other.getBalance({ address: chainsim.accounts[0]!.address })).toBe(3n * ETHER)
    } finally {
      await chainsim.close()
    }
  })

  test("Hardhat's accounts object, allowUnlimitedContractSize and initialDate", async () => {
    const mnemonic = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
    const chainsim = await startChainsim({
      accounts: { mnemonic, count: 1, accountsBalance: '123' },
      allowUnlimitedContractSize: true,
      initialDate: '2026-01-01T00:00:00Z',
    })
    try {
      const client = createPublicClient({ transport: http(chainsim.url) })
      expect(chainsim.accounts[0]!.address).toBe('0x9858effd232b4033e47d90003d41ec34ecaeda94')
      expect(await client.getBalance({ address: chainsim.accounts[0]!.address })).toBe(123n)
      expect((await client.getBlock({ blockNumber: 0n })).timestamp).toBe(1_767_225_600n)
    } finally {
      await chainsim.close()
    }
  })

  test('a 30,000-byte contract deploys with disableCodeSizeLimit or a codeSizeLimit above it, and fails without', async () => {
    const deployed = async (options: Parameters<typeof startChainsim>[0]) => {
      const chainsim = await startChainsim(options)
      try {
        const wallet = createWalletClient({
          account: privateKeyToAccount(chainsim.accounts[0]!.privateKey),
          chain: foundry,
          transport: http(chainsim.url),
        }).extend(publicActions)
        const hash = await wallet.sendTransaction({ data: BIG_DEPLOY, gas: 10_000_000n })
        const receipt = await wallet.getTransactionReceipt({ hash })
        return receipt.status === 'success' ? ((await wallet.getCode({ address: receipt.contractAddress! }))!.length - 2) / 2 : receipt.status
      } finally {
        await chainsim.close()
      }
    }
    expect(await deployed({ disableCodeSizeLimit: true })).toBe(30_000)
    expect(await deployed({ codeSizeLimit: 30_000 })).toBe(30_000)
    expect(await deployed({ codeSizeLimit: 29_999 })).toBe('reverted')
    expect(await deployed({})).toBe('reverted')
  })

  test('order fifo takes transactions in arrival order; the default takes the highest tip first', async () => {
    const blockOrder = async (order: 'fees' | 'fifo' | undefined) => {
      const chainsim = await startChainsim({ noMining: true, ...(order ? { order } : {}) })
      try {
        const [a, b] = chainsim.accounts
        const send = (key: Hex, tip: bigint) =>
          createWalletClient({ account: privateKeyToAccount(key), chain: foundry, transport: http(chainsim.url) }).sendTransaction({
            to: a!.address,
            value: 1n,
            maxPriorityFeePerGas: tip,
            maxFeePerGas: 3n * 10n ** 9n,
          })
        const low = await send(a!.privateKey, 1n)
        const high = await send(b!.privateKey, 10n ** 9n)
        const test = createTestClient({ mode: 'anvil', transport: http(chainsim.url) }).extend(publicActions)
        await test.mine({ blocks: 1 })
        const { transactions } = await test.getBlock()
        return transactions[0] === low && transactions[1] === high ? 'arrival' : transactions[0] === high ? 'tip' : 'other'
      } finally {
        await chainsim.close()
      }
    }
    expect(await blockOrder('fifo')).toBe('arrival')
    expect(await blockOrder(undefined)).toBe('tip')
  })

  test("mining: Hardhat's {auto: true, interval} mines a block per transaction and one every interval", async () => {
    const chainsim = await startChainsim({ networks: [{ mining: { auto: true, interval: 100 } }] })
    try {
      const client = createPublicClient({ transport: http(chainsim.url) })
      expect(chainsim.node.settings.mining).toMatchObject({ automine: true, intervalMs: 100 })
      await new Promise((resolve) => setTimeout(resolve, 450))
      expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(2n)
    } finally {
      await chainsim.close()
    }
  })

  test('with a scenario, the chain options are refused by name: the scenario makes its own chain', async () => {
    await expect(startChainsim({ scenario: { networks: [{ name: 'dev', chainId: 1 }], steps: [] }, accounts: 2 })).rejects.toThrow(StartChainsimError)
    await expect(startChainsim({ scenario: { networks: [{ name: 'dev', chainId: 1 }], steps: [] }, accounts: 2 })).rejects.toThrow(/leave out `accounts`/)
  })
})
