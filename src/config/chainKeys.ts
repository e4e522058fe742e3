import { z } from 'zod'
import type { MiningMode } from '../mining/miner.ts'
import type { NodeOptions } from '../nodeOptions.ts'

// A network's chain as Anvil's flags and Hardhat's network keys shape it (docs/reference/cli.md, "From Anvil"):
// each of Anvil's flags that makes the chain is a key here under its own name and unit (seconds, ETH), and each
// of Hardhat's keys that names the same thing differently is a key too, in Hardhat's units (wei as a string,
// milliseconds). Where both are given, Anvil's name wins, and a `disable…` key wins over its limit.

const title = (text: string) => ({ title: text })

/** An amount too large for a JSON number (a gas limit up to 2^64 − 1, wei): a whole number, or its decimal string. */
const wholeNumber = () =>
  z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).describe('a whole number, 0 or more (a decimal string for one past 2^53)')

const milliseconds = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1)
  .describe('a number of milliseconds (a whole number from 1 to 2147483647)')

/**
 * When blocks are mined. `intervalMs` alone mines on the interval only (chainsim's own form); Hardhat's
 * `interval` keeps automine on unless `auto` is false, as Hardhat's network does. Either with `auto: true`
 * mines a block per transaction and one every interval too.
 */
export const mining = z
  .union([
    z.object({ auto: z.literal(true) }).strict(),
    z.object({ auto: z.boolean().optional(), intervalMs: milliseconds }).strict(),
    z.object({ auto: z.boolean().optional(), interval: milliseconds }).strict(),
    z.object({ auto: z.literal(false) }).strict(),
  ])
  .describe(
    '{ "auto": true } (a block per transaction), { "intervalMs": N } (a block every N ms), { "auto": false } (blocks on evm_mine only), or Hardhat\'s { "auto": true|false, "interval": N }',
  )
  .transform((mode): MiningMode => {
    if ('interval' in mode) return { auto: mode.auto ?? true, intervalMs: mode.interval }
    if ('intervalMs' in mode) return { auto: mode.auto ?? false, intervalMs: mode.intervalMs }
    return { auto: mode.auto }
  })

/** Hardhat's `accounts` object: the dev accounts' mnemonic, count, path and balance (in wei, a string). */
const hardhatAccounts = z
  .object({
    mnemonic: z.string().optional().meta(title('the mnemonic the dev accounts are derived from')),
    count: z.number().int().min(0).max(1000).optional().meta(title('how many dev accounts (default 10)')),
    path: z.string().optional().meta(title("their derivation path without the index (default m/44'/60'/0'/0)")),
    accountsBalance: z
      .string()
      .regex(/^\d+$/)
      .optional()
      .describe('a number of wei, as a decimal string')
      .meta(title("each one's balance in wei (default 10000 ETH)")),
  })
  .strict()

const derivationPath = z
  .string()
  .regex(/^m(\/\d+['h]?)*\/?$/, "expected a BIP-32 path such as m/44'/60'/0'/0/")
  .describe("a BIP-32 path such as m/44'/60'/0'/0/")

const mnemonicPhrase = z
  .string()
  .refine((phrase) => [12, 15, 18, 21, 24].includes(phrase.trim().split(/\s+/).length), 'expected a BIP-39 mnemonic of 12, 15, 18, 21 or 24 words')
  .describe('a BIP-39 mnemonic of 12 to 24 words')

/** The keys, each with what it is for; spread into a network's schema (src/config/schema.ts). */
export const chainKeys = z.object({
  accounts: z
    .union([z.number().int().min(0).max(1000), hardhatAccounts])
    .optional()
    .describe('a number of accounts (0 to 1000), or Hardhat\'s { "mnemonic", "count", "path", "accountsBalance" }')
    .meta(title("the dev accounts: how many (Anvil's --accounts, default 10), or Hardhat's accounts object")),
  balance: wholeNumber().optional().meta(title("each dev account's balance in ETH (Anvil's --balance, default 10000)")),
  mnemonic: mnemonicPhrase.optional().meta(title("the mnemonic the dev accounts are derived from (Anvil's --mnemonic; default test test … junk)")),
  derivationPath: derivationPath
    .optional()
    .meta(title("the path the dev accounts are derived at, the index appended (Anvil's --derivation-path, default m/44'/60'/0'/0/)")),
  blockTime: z
    .number()
    .min(0.001)
    .max((2 ** 31 - 1) / 1000)
    .optional()
    .describe('a number of seconds, fractions allowed (at least 0.001)')
    .meta(title("mine a block every this many seconds, and none per transaction (Anvil's --block-time; instead of mining)")),
  noMining: z.boolean().optional().meta(title("mine only on evm_mine (Anvil's --no-mining; instead of mining)")),
  gasLimit: wholeNumber().optional().meta(title("the block gas limit (Anvil's --gas-limit, default 30000000)")),
  blockGasLimit: wholeNumber().optional().meta(title("Hardhat's name for gasLimit")),
  disableBlockGasLimit: z
    .boolean()
    .optional()
    .meta(title("blocks take up to 2^64 − 1 gas, so no call or transaction exceeds the limit (Anvil's --disable-block-gas-limit)")),
  baseFee: wholeNumber().optional().meta(title("the genesis block's base fee in wei (Anvil's --base-fee, default 1000000000)")),
  initialBaseFeePerGas: wholeNumber().optional().meta(title("Hardhat's name for baseFee")),
  gasPrice: wholeNumber()
    .optional()
    .meta(title("Anvil's --gas-price: the gas price of chains before London; chainsim's run EIP-1559, where Anvil ignores it too")),
  codeSizeLimit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('a number of bytes (a whole number, at least 1)')
    .meta(title("EIP-170's contract code size limit, and twice it for initcode (Anvil's --code-size-limit, default 24576)")),
  disableCodeSizeLimit: z.boolean().optional().meta(title("no contract code or initcode size limit (Anvil's --disable-code-size-limit)")),
  allowUnlimitedContractSize: z.boolean().optional().meta(title("Hardhat's name for disableCodeSizeLimit")),
  timestamp: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe('a number of seconds since 1970 (a whole number)')
    .meta(title("the genesis block's timestamp, later blocks running on from it (Anvil's --timestamp; default now)")),
  initialDate: z
    .string()
    .refine((date) => !Number.isNaN(Date.parse(date)), 'expected a date such as 2026-01-01T00:00:00Z')
    .optional()
    .describe('a date such as 2026-01-01T00:00:00Z')
    .meta(title("Hardhat's genesis date: the genesis block's timestamp, later blocks running on from it")),
  order: z
    .enum(['fees', 'fifo'])
    .optional()
    .meta(title("the order a block takes pooled transactions in across senders: the highest tip first (fees, the default) or arrival (fifo); Anvil's --order")),
})

export type ChainKeys = z.output<typeof chainKeys>
export type ChainKeysInput = z.input<typeof chainKeys>

const ETHER = 10n ** 18n
/** What Anvil's --disable-block-gas-limit makes the block gas limit: u64::MAX. */
const UNLIMITED_BLOCK_GAS = 2n ** 64n - 1n

/** Refusals of keys that cannot go together, for a network's schema to add. */
export function checkChainKeys(keys: ChainKeys, ctx: z.RefinementCtx): void {
  if (keys.noMining && keys.blockTime !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['noMining'],
      message: 'noMining and blockTime contradict each other: give one (as Anvil refuses --no-mining with --block-time)',
    })
  }
  if (typeof keys.accounts === 'object' && keys.accounts.path !== undefined && !derivationPath.safeParse(keys.accounts.path).success) {
    ctx.addIssue({ code: 'custom', path: ['accounts', 'path'], message: `${JSON.stringify(keys.accounts.path)} is not a BIP-32 path such as m/44'/60'/0'/0` })
  }
  if (typeof keys.accounts === 'object' && keys.accounts.mnemonic !== undefined && !mnemonicPhrase.safeParse(keys.accounts.mnemonic).success) {
    ctx.addIssue({ code: 'custom', path: ['accounts', 'mnemonic'], message: 'expected a BIP-39 mnemonic of 12, 15, 18, 21 or 24 words' })
  }
}

/** How a network with these keys mines: Anvil's --no-mining and --block-time replace `mining`. */
export function miningOf(keys: ChainKeys, mining: MiningMode): MiningMode {
  if (keys.noMining) return { auto: false }
  if (keys.blockTime !== undefined) return { auto: false, intervalMs: Math.max(1, Math.round(keys.blockTime * 1000)) }
  return mining
}

/** The node options these keys set; those not given are left to the defaults. */
export function chainOptionsOf(keys: ChainKeys): Partial<NodeOptions> {
  const hardhat = typeof keys.accounts === 'object' ? keys.accounts : {}
  const count = typeof keys.accounts === 'number' ? keys.accounts : hardhat.count
  const mnemonic = keys.mnemonic ?? hardhat.mnemonic
  const derivationPath = keys.derivationPath ?? hardhat.path
  const balance =
    keys.balance !== undefined ? BigInt(keys.balance) * ETHER : hardhat.accountsBalance !== undefined ? BigInt(hardhat.accountsBalance) : undefined
  const gasLimit = keys.disableBlockGasLimit ? UNLIMITED_BLOCK_GAS : (keys.gasLimit ?? keys.blockGasLimit)
  const baseFee = keys.baseFee ?? keys.initialBaseFeePerGas
  const timestamp = keys.timestamp ?? (keys.initialDate === undefined ? undefined : Math.floor(Date.parse(keys.initialDate) / 1000))
  const codeSizeLimit = keys.disableCodeSizeLimit || keys.allowUnlimitedContractSize ? 'unlimited' : keys.codeSizeLimit
  return {
    ...(count === undefined ? {} : { accountCount: count }),
    ...(mnemonic === undefined ? {} : { mnemonic: mnemonic.trim() }),
    ...(derivationPath === undefined ? {} : { derivationPath }),
    ...(balance === undefined ? {} : { accountBalance: balance }),
    ...(gasLimit === undefined ? {} : { blockGasLimit: BigInt(gasLimit) }),
    ...(baseFee === undefined ? {} : { genesisBaseFeePerGas: BigInt(baseFee) }),
    // Later blocks run on from the genesis time, as Anvil's and Hardhat's do.
    ...(timestamp === undefined ? {} : { genesisTimestamp: BigInt(timestamp), clockStart: BigInt(timestamp) }),
    ...(codeSizeLimit === undefined ? {} : { codeSizeLimit }),
    ...(keys.order === undefined ? {} : { transactionOrder: keys.order }),
  }
}

/** The keys that name what another key names, Anvil's and Hardhat's: giving one replaces the others. */
const SAME_THING: Partial<Record<keyof ChainKeys, Array<keyof ChainKeys>>> = {
  gasLimit: ['blockGasLimit', 'disableBlockGasLimit'],
  disableBlockGasLimit: ['gasLimit', 'blockGasLimit'],
  baseFee: ['initialBaseFeePerGas'],
  codeSizeLimit: ['disableCodeSizeLimit', 'allowUnlimitedContractSize'],
  disableCodeSizeLimit: ['codeSizeLimit', 'allowUnlimitedContractSize'],
  timestamp: ['initialDate'],
  blockTime: ['noMining'],
  noMining: ['blockTime'],
}

/**
 * `network` with `keys` laid over it, as Anvil's flags shape a config file's first network: each key given replaces
 * the network's own and those naming the same thing; an account count keeps the rest of Hardhat's accounts object.
 */
export function overrideChainKeys<T extends ChainKeys>(network: T, keys: ChainKeys): T {
  const result: ChainKeys = { ...network }
  for (const [key, value] of Object.entries(keys) as Array<[keyof ChainKeys, unknown]>) {
    if (value === undefined) continue
    for (const same of SAME_THING[key] ?? []) delete result[same]
    if (key === 'accounts' && typeof value === 'number' && typeof result.accounts === 'object') result.accounts = { ...result.accounts, count: value }
    else Object.assign(result, { [key]: value })
  }
  return result as T
}
