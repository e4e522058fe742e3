import type { Block } from '@ethereumjs/block'
import { Hardfork, Mainnet } from '@ethereumjs/common'
import type { Common, GethGenesis } from '@ethereumjs/common'
import { bytesToHex, hexToBytes, setLengthLeft } from '@ethereumjs/util'
import { GAS_PER_BLOB } from '../encoding/blobs.ts'
import { createGenesisCommon } from './common.ts'
import type { GenesisAccount, GenesisSpec } from '../execution/engine.ts'
import { GenesisError } from '../errors.ts'

/** A geth-format genesis file (what `geth init` reads), as JSON. */
export type GethGenesisJson = GethGenesis

/** What a geth genesis file gives chainsim. */
export interface ParsedGethGenesis {
  /** The file's `name`, when it has one. */
  name: string | undefined
  chainId: bigint
  /** The fork schedule blocks are executed and built under (for ExecutionEngine, followForks). */
  common: Common
  /** Allocation and header fields of the genesis block. */
  spec: GenesisSpec
}

const GWEI = 1_000_000_000n
// params.GenesisGasLimit and params.GenesisDifficulty in geth.
const GETH_GENESIS_GAS_LIMIT = 5000n
const GETH_GENESIS_DIFFICULTY = 131072n

/**
 * Reads a geth genesis the way `geth init` does: the fork schedule of `config` (block- and
 * time-based forks, `blobSchedule`), the `alloc`, and the genesis header with geth's defaults
 * (base fee 1 gwei from London, difficulty 0x20000 for an ethash chain with no mixHash...), so
 * that the genesis block chainsim builds has geth's hash.
 */
export function parseGethGenesis(input: unknown): ParsedGethGenesis {
  if (!isObject(input)) throw new GenesisError('expected a JSON object')
  const { config } = input
  if (!isObject(config)) throw new GenesisError('config is missing')
  const chainId = quantity(config.chainId, 'config.chainId')
  if (chainId === undefined || chainId <= 0n) throw new GenesisError('config.chainId is missing')
  if (!Number.isSafeInteger(config.chainId) && typeof config.chainId === 'number') {
    throw new GenesisError('config.chainId is too large to read exactly from JSON')
  }
  if (input.alloc !== undefined && !isObject(input.alloc)) throw new GenesisError('alloc must be an object')
  const number = quantity(input.number, 'number')
  if (number !== undefined && number !== 0n) throw new GenesisError('number must be 0')

  const timestamp = quantity(input.timestamp, 'timestamp') ?? 0n
  // ethereumjs reads its own copy of the header fields; give it hex strings it understands.
  const normalized = {
    ...input,
    config: { ...config, chainId: Number(chainId) },
    nonce: hexQuantity(quantity(input.nonce, 'nonce') ?? 0n),
    timestamp: hexQuantity(timestamp),
    gasLimit: hexQuantity(quantity(input.gasLimit, 'gasLimit') ?? GETH_GENESIS_GAS_LIMIT),
    difficulty: hexQuantity(quantity(input.difficulty, 'difficulty') ?? 0n),
    baseFeePerGas: input.baseFeePerGas == null ? undefined : hexQuantity(quantity(input.baseFeePerGas, 'baseFeePerGas') ?? 0n),
    alloc: input.alloc ?? {},
  } as unknown as GethGenesis
  let common: Common
  try {
    common = createGenesisCommon(normalized)
  } catch (error) {
    throw new GenesisError(error instanceof Error ? error.message : String(error))
  }
  common.setHardforkBy({ blockNumber: 0n, timestamp })

  const mixHash = bytes(input.mixHash, 'mixHash', 32)
  const difficulty =
    quantity(input.difficulty, 'difficulty') ??
    (config.ethash !== undefined && (mixHash === undefined || mixHash.every((b) => b === 0)) ? GETH_GENESIS_DIFFICULTY : 0n)
  const spec: GenesisSpec = {
    alloc: parseAlloc(input.alloc ?? {}),
    timestamp,
    gasLimit: quantity(input.gasLimit, 'gasLimit') ?? GETH_GENESIS_GAS_LIMIT,
    baseFeePerGas: quantity(input.baseFeePerGas, 'baseFeePerGas') ?? GWEI,
    extraData: bytes(input.extraData, 'extraData'),
    coinbase: bytes(input.coinbase, 'coinbase', 20),
    difficulty,
    nonce: setLengthLeft(hexToBytes(hexQuantity(quantity(input.nonce, 'nonce') ?? 0n, true)), 8),
    mixHash,
    excessBlobGas: quantity(input.excessBlobGas, 'excessBlobGas'),
    blobGasUsed: quantity(input.blobGasUsed, 'blobGasUsed'),
    gethConfig: config,
  }
  return { name: typeof input.name === 'string' ? input.name : undefined, chainId, common, spec }
}

/**
 * The geth genesis of a chain: its fork schedule (the original `config` of an imported chain;
 * for a dev chain, every fork up to its hardfork at genesis), its allocation, and the header
 * fields of `genesis`, so that `parseGethGenesis` (or `geth init`) rebuilds the same block.
 */
export function toGethGenesis(common: Common, spec: GenesisSpec, genesis: Block): GethGenesisJson {
  const { header } = genesis
  const out: Record<string, unknown> = {
    config: spec.gethConfig ?? fixedForkConfig(common),
    nonce: hexQuantity(BigInt(bytesToHex(header.nonce))),
    timestamp: hexQuantity(header.timestamp),
    extraData: bytesToHex(header.extraData),
    gasLimit: hexQuantity(header.gasLimit),
    difficulty: hexQuantity(header.difficulty),
    mixHash: bytesToHex(header.mixHash),
    coinbase: bytesToHex(header.coinbase.bytes),
    alloc: Object.fromEntries([...spec.alloc].map(([address, account]) => [address.replace(/^0x/, ''), allocEntry(account)])),
  }
  if (header.baseFeePerGas !== undefined) out.baseFeePerGas = hexQuantity(header.baseFeePerGas)
  if (header.excessBlobGas !== undefined) out.excessBlobGas = hexQuantity(header.excessBlobGas)
  if (header.blobGasUsed !== undefined) out.blobGasUsed = hexQuantity(header.blobGasUsed)
  return out as unknown as GethGenesisJson
}

// The geth config keys of each fork, oldest first (DAO left out: dev chains do not take it).
const FORK_KEYS: ReadonlyArray<[Hardfork, string[]]> = [
  [Hardfork.Homestead, ['homesteadBlock']],
  [Hardfork.TangerineWhistle, ['eip150Block']],
  [Hardfork.SpuriousDragon, ['eip155Block', 'eip158Block']],
  [Hardfork.Byzantium, ['byzantiumBlock']],
  [Hardfork.Constantinople, ['constantinopleBlock']],
  [Hardfork.Petersburg, ['petersburgBlock']],
  [Hardfork.Istanbul, ['istanbulBlock']],
  [Hardfork.MuirGlacier, ['muirGlacierBlock']],
  [Hardfork.Berlin, ['berlinBlock']],
  [Hardfork.London, ['londonBlock']],
  [Hardfork.ArrowGlacier, ['arrowGlacierBlock']],
  [Hardfork.GrayGlacier, ['grayGlacierBlock']],
  [Hardfork.Paris, ['mergeNetsplitBlock']],
  [Hardfork.Shanghai, ['shanghaiTime']],
  [Hardfork.Cancun, ['cancunTime']],
  [Hardfork.Prague, ['pragueTime']],
  [Hardfork.Osaka, ['osakaTime']],
  [Hardfork.Bpo1, ['bpo1Time']],
  [Hardfork.Bpo2, ['bpo2Time']],
]
const BLOB_FORKS: ReadonlySet<Hardfork> = new Set([Hardfork.Cancun, Hardfork.Prague, Hardfork.Osaka, Hardfork.Bpo1, Hardfork.Bpo2])

/** A config with every fork up to `common`'s hardfork active at genesis (a dev network's rules). */
function fixedForkConfig(common: Common): Record<string, unknown> {
  const config: Record<string, unknown> = { chainId: Number(common.chainId()) }
  const blobSchedule: Record<string, unknown> = {}
  for (const [fork, keys] of FORK_KEYS) {
    if (!common.gteHardfork(fork)) break
    for (const key of keys) config[key] = 0
    if (fork === Hardfork.Paris) {
      config.terminalTotalDifficulty = 0
      config.terminalTotalDifficultyPassed = true
    }
    if (BLOB_FORKS.has(fork)) {
      // A Common at the fork reads its schedule: a BPO fork's parameters are its own.
      const atFork = common.copy()
      atFork.setHardfork(fork)
      const schedule = atFork.getBlobGasSchedule()
      blobSchedule[fork] = {
        target: Number(schedule.targetBlobGasPerBlock / GAS_PER_BLOB),
        max: Number(schedule.maxBlobGasPerBlock / GAS_PER_BLOB),
        baseFeeUpdateFraction: Number(schedule.blobGasPriceUpdateFraction),
      }
    }
  }
  // Dev networks take mainnet's rules, deposit contract included (EIP-6110 requests).
  if (common.gteHardfork(Hardfork.Prague)) config.depositContractAddress = Mainnet.depositContractAddress
  if (Object.keys(blobSchedule).length > 0) config.blobSchedule = blobSchedule
  return config
}

function allocEntry(account: GenesisAccount): Record<string, unknown> {
  const entry: Record<string, unknown> = { balance: hexQuantity(account.balance) }
  if (account.nonce !== undefined && account.nonce !== 0n) entry.nonce = hexQuantity(account.nonce)
  if (account.code !== undefined && account.code.length > 0) entry.code = bytesToHex(account.code)
  if (account.storage !== undefined && account.storage.length > 0) {
    entry.storage = Object.fromEntries(account.storage.map(([key, value]) => [bytesToHex(key), bytesToHex(setLengthLeft(value, 32))]))
  }
  return entry
}

function parseAlloc(alloc: Record<string, unknown>): Map<string, GenesisAccount> {
  const accounts = new Map<string, GenesisAccount>()
  for (const [key, value] of Object.entries(alloc)) {
    const path = `alloc.${key}`
    const address = bytes(key.startsWith('0x') ? key : `0x${key}`, path, 20) as Uint8Array
    if (!isObject(value)) throw new GenesisError(`${path} must be an object`)
    const storage: Array<[Uint8Array, Uint8Array]> = []
    if (value.storage !== undefined) {
      if (!isObject(value.storage)) throw new GenesisError(`${path}.storage must be an object`)
      for (const [slot, word] of Object.entries(value.storage)) {
        storage.push([
          setLengthLeft(bytes(slot, `${path}.storage key`, undefined, 32) as Uint8Array, 32),
          setLengthLeft(bytes(word, `${path}.storage.${slot}`, undefined, 32) ?? new Uint8Array(), 32),
        ])
      }
    }
    accounts.set(bytesToHex(address), {
      balance: quantity(value.balance, `${path}.balance`) ?? 0n,
      nonce: quantity(value.nonce, `${path}.nonce`),
      code: bytes(value.code, `${path}.code`),
      storage,
    })
  }
  return accounts
}

/** A number as geth's genesis takes it: JSON number, 0x-hex or decimal string. */
function quantity(value: unknown, path: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value)
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) return BigInt(value)
  throw new GenesisError(`${path} must be a non-negative number (JSON number, 0x-hex or decimal string), got ${JSON.stringify(value)}`)
}

/** 0x-hex bytes; `length` demands exactly that many, `max` at most that many. */
function bytes(value: unknown, path: string, length?: number, max?: number): Uint8Array | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value)) {
    throw new GenesisError(`${path} must be 0x-prefixed hex, got ${JSON.stringify(value)}`)
  }
  // geth reads odd-length hex (storage words such as "0x1") as if left-padded.
  const hex = value.length % 2 === 1 ? `0x0${value.slice(2)}` : value
  const decoded = hexToBytes(hex as `0x${string}`)
  if (length !== undefined && decoded.length !== length) throw new GenesisError(`${path} must be ${length} bytes, got ${decoded.length}`)
  if (max !== undefined && decoded.length > max) throw new GenesisError(`${path} must be at most ${max} bytes, got ${decoded.length}`)
  return decoded
}

function hexQuantity(value: bigint, evenLength = false): `0x${string}` {
  const hex = value.toString(16)
  return `0x${evenLength && hex.length % 2 === 1 ? `0${hex}` : hex}`
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
