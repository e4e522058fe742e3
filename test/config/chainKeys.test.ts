import { describe, expect, test } from 'vitest'
import { overrideChainKeys } from '../../src/config/chainKeys.ts'
import { parseConfig } from '../../src/config/loadConfig.ts'
import { ConfigError } from '../../src/config/errors.ts'
import { nodeOptionsFor } from '../../src/network.ts'

// Anvil's flags and Hardhat's network keys as config keys of a network: what the parser makes of each, as the node
// options the network is created with.
const ETHER = 10n ** 18n
const network = { name: 'dev', chainId: 31337 }
const optionsOf = (keys: Record<string, unknown>) => nodeOptionsFor(parseConfig({ networks: [{ ...network, ...keys }] }, 'test.json').networks[0]!)

describe("Anvil's names, in Anvil's units", () => {
  test.each([
    [{ accounts: 3 }, { accountCount: 3 }],
    [{ balance: 15 }, { accountBalance: 15n * ETHER }],
    [{ balance: '100000000000000000000' }, { accountBalance: 10n ** 20n * ETHER }],
    [
      { mnemonic: ' abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about ' },
      { mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about' },
    ],
    [{ derivationPath: "m/44'/60'/1'/0/" }, { derivationPath: "m/44'/60'/1'/0/" }],
    [{ gasLimit: '18446744073709551615' }, { blockGasLimit: 2n ** 64n - 1n }],
    [{ disableBlockGasLimit: true }, { blockGasLimit: 2n ** 64n - 1n }],
    [{ baseFee: 7 }, { genesisBaseFeePerGas: 7n }],
    [{ codeSizeLimit: 40_000 }, { codeSizeLimit: 40_000 }],
    [{ disableCodeSizeLimit: true }, { codeSizeLimit: 'unlimited' }],
    [{ timestamp: 1_700_000_000 }, { genesisTimestamp: 1_700_000_000n }],
    [{ order: 'fifo' }, { transactionOrder: 'fifo' }],
  ])('%j', (keys, options) => {
    expect(optionsOf(keys)).toMatchObject(options)
  })

  test('blockTime is seconds, fractions allowed, and mines on the interval only; noMining mines on request only', () => {
    expect(optionsOf({ blockTime: 0.25 }).mining).toEqual({ auto: false, intervalMs: 250 })
    expect(optionsOf({ blockTime: 12 }).mining).toEqual({ auto: false, intervalMs: 12_000 })
    expect(optionsOf({ noMining: true }).mining).toEqual({ auto: false })
    expect(optionsOf({ noMining: true, mining: { intervalMs: 100 } }).mining).toEqual({ auto: false })
  })

  test('gasPrice is taken and changes nothing on an EIP-1559 chain, as on Anvil', () => {
    expect(optionsOf({ gasPrice: 7 })).toEqual(optionsOf({}))
  })
})

describe("Hardhat's names, in Hardhat's units", () => {
  test.each([
    [
      {
        accounts: {
          mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
          count: 2,
          path: "m/44'/60'/0'/1",
          accountsBalance: '5',
        },
      },
      {
        accountCount: 2,
        mnemonic: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
        derivationPath: "m/44'/60'/0'/1",
        accountBalance: 5n,
      },
    ],
    [{ blockGasLimit: 12_000_000 }, { blockGasLimit: 12_000_000n }],
    [{ initialBaseFeePerGas: 0 }, { genesisBaseFeePerGas: 0n }],
    [{ allowUnlimitedContractSize: true }, { codeSizeLimit: 'unlimited' }],
    [{ initialDate: '2026-01-01T00:00:00Z' }, { genesisTimestamp: 1_767_225_600n }],
  ])('%j', (keys, options) => {
    expect(optionsOf(keys)).toMatchObject(options)
  })

  test("mining: Hardhat's interval keeps automine unless auto is false; chainsim's intervalMs alone does not", () => {
    expect(optionsOf({ mining: { interval: 5000 } }).mining).toEqual({ auto: true, intervalMs: 5000 })
    expect(optionsOf({ mining: { auto: true, interval: 5000 } }).mining).toEqual({ auto: true, intervalMs: 5000 })
    expect(optionsOf({ mining: { auto: false, interval: 5000 } }).mining).toEqual({ auto: false, intervalMs: 5000 })
    expect(optionsOf({ mining: { intervalMs: 5000 } }).mining).toEqual({ auto: false, intervalMs: 5000 })
    expect(optionsOf({ mining: { auto: true, intervalMs: 5000 } }).mining).toEqual({ auto: true, intervalMs: 5000 })
    expect(optionsOf({}).mining).toEqual({ auto: true })
  })

  test("Anvil's name wins over Hardhat's, and a disable… key over its limit", () => {
    expect(optionsOf({ gasLimit: 1, blockGasLimit: 2 })).toMatchObject({ blockGasLimit: 1n })
    expect(optionsOf({ balance: 1, accounts: { accountsBalance: '5' } })).toMatchObject({ accountBalance: ETHER })
    expect(optionsOf({ codeSizeLimit: 30_000, disableCodeSizeLimit: true })).toMatchObject({ codeSizeLimit: 'unlimited' })
  })
})

describe('refusals name the key and what it takes', () => {
  const refusal = (keys: Record<string, unknown>): string => {
    try {
      parseConfig({ networks: [{ ...network, ...keys }] }, 'test.json')
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      return (error as Error).message
    }
    throw new Error('accepted')
  }

  test.each([
    [{ noMining: true, blockTime: 1 }, 'networks.0.noMining: noMining and blockTime contradict each other'],
    [{ balance: 1.5 }, 'networks.0.balance: 1.5 is not a whole number, 0 or more'],
    [{ mnemonic: 'one two three' }, 'networks.0.mnemonic: expected a BIP-39 mnemonic of 12, 15, 18, 21 or 24 words'],
    [{ accounts: { mnemonic: 'one two three' } }, 'networks.0.accounts.mnemonic: expected a BIP-39 mnemonic'],
    [{ derivationPath: 'm/x' }, "networks.0.derivationPath: \"m/x\" is not a BIP-32 path such as m/44'/60'/0'/0/"],
    [{ accounts: { path: '44/60' } }, "networks.0.accounts.path: \"44/60\" is not a BIP-32 path such as m/44'/60'/0'/0"],
    [{ accounts: { accountsBalance: 5 } }, 'networks.0.accounts'],
    [{ blockTime: 0 }, 'networks.0.blockTime: 0 is not a number of seconds, fractions allowed (at least 0.001)'],
    [{ order: 'random' }, 'networks.0.order: "random" is not one of "fees", "fifo"'],
    [{ initialDate: 'yesterday' }, 'networks.0.initialDate: expected a date such as 2026-01-01T00:00:00Z'],
    [{ codeSizeLimit: 0 }, 'networks.0.codeSizeLimit: 0 is not a number of bytes (a whole number, at least 1)'],
  ])('%j', (keys, message) => {
    expect(refusal(keys)).toContain(message)
  })
})

describe('flags laid over a network, as the command line does', () => {
  const base = parseConfig(
    { networks: [{ ...network, blockGasLimit: 5, initialDate: '2026-01-01T00:00:00Z', accounts: { count: 2, accountsBalance: '9' } }] },
    'test.json',
  ).networks[0]!

  test('a flag replaces the keys naming the same thing, and an account count keeps the rest of the accounts object', () => {
    const shaped = overrideChainKeys(base, { gasLimit: '7', timestamp: 1, accounts: 4 })
    expect(nodeOptionsFor(shaped)).toMatchObject({ blockGasLimit: 7n, genesisTimestamp: 1n, accountCount: 4, accountBalance: 9n })
    expect(shaped).not.toHaveProperty('blockGasLimit')
    expect(shaped).not.toHaveProperty('initialDate')
  })

  test("--block-time replaces a file's noMining, and --no-mining its blockTime", () => {
    expect(nodeOptionsFor(overrideChainKeys({ ...base, noMining: true }, { blockTime: 2 })).mining).toEqual({ auto: false, intervalMs: 2000 })
    expect(nodeOptionsFor(overrideChainKeys({ ...base, blockTime: 2 }, { noMining: true })).mining).toEqual({ auto: false })
  })
})
