import { crc32 } from 'node:zlib'
import { Hardfork, Mainnet } from '@ethereumjs/common'
import type { Common } from '@ethereumjs/common'
import { getActivePrecompiles } from '@ethereumjs/evm'
import { bigIntToAddressBytes, hexToBytes } from '@ethereumjs/util'
import { GAS_PER_BLOB } from '../encoding/blobs.ts'

/** One fork's rules as EIP-7910's eth_config describes them, in domain types. */
export interface ForkConfig {
  /** When the fork activated: 0 on a chain that runs it from genesis. */
  activationTime: bigint
  /** The blob schedule, from Cancun. */
  blobSchedule?: { target: bigint; max: bigint; baseFeeUpdateFraction: bigint }
  chainId: bigint
  /** EIP-2124's fork identifier: CRC32 of the genesis hash and every fork activated after genesis. */
  forkId: Uint8Array
  /** Each precompile by EIP-7910's name, in address order. */
  precompiles: ReadonlyArray<{ name: string; address: Uint8Array }>
  /** Each system contract the fork calls or reads, by EIP-7910's name. */
  systemContracts: ReadonlyArray<{ name: string; address: Uint8Array }>
}

// EIP-7910's names of the precompiles, by address.
const PRECOMPILE_NAMES = new Map<bigint, string>([
  [0x01n, 'ECREC'],
  [0x02n, 'SHA256'],
  [0x03n, 'RIPEMD160'],
  [0x04n, 'ID'],
  [0x05n, 'MODEXP'],
  [0x06n, 'BN254_ADD'],
  [0x07n, 'BN254_MUL'],
  [0x08n, 'BN254_PAIRING'],
  [0x09n, 'BLAKE2F'],
  [0x0an, 'KZG_POINT_EVALUATION'],
  [0x0bn, 'BLS12_G1ADD'],
  [0x0cn, 'BLS12_G1MSM'],
  [0x0dn, 'BLS12_G2ADD'],
  [0x0en, 'BLS12_G2MSM'],
  [0x0fn, 'BLS12_PAIRING_CHECK'],
  [0x10n, 'BLS12_MAP_FP_TO_G1'],
  [0x11n, 'BLS12_MAP_FP2_TO_G2'],
  [0x100n, 'P256VERIFY'],
])

// EIP-4788's beacon roots contract (@ethereumjs keeps its address outside the parameters).
const BEACON_ROOTS_ADDRESS = hexToBytes('0x000f3df6d732807ef1319fb7b8bb8522d0beac02')

/**
 * The rules `rules` (a Common at the fork in question, its parameters given by a VM) describe for eth_config.
 * `scheduled` says the chain follows a fork schedule (a geth genesis, a replayed public chain): its forks then
 * activate at their scheduled times; a dev chain runs its one fork from genesis. `genesisHash` is the hash of
 * the chain's block 0; a fork, which holds no block 0 of its own, answers a zero fork id, as Anvil does.
 */
export function forkConfigOf(rules: Common, genesisHash: Uint8Array | undefined, scheduled: boolean): ForkConfig {
  const fork = rules.hardfork()
  const activationTime = scheduled ? BigInt(rules.hardforkTimestamp(fork) ?? 0) : 0n
  const precompiles = [...getActivePrecompiles(rules).keys()]
    .map((key) => ({ address: hexToBytes(`0x${key}`), name: PRECOMPILE_NAMES.get(BigInt(`0x${key}`)) }))
    .filter((entry): entry is { address: Uint8Array; name: string } => entry.name !== undefined)
  return {
    activationTime,
    ...(rules.gteHardfork(Hardfork.Cancun) ? { blobSchedule: blobScheduleOf(rules) } : {}),
    chainId: rules.chainId(),
    forkId: genesisHash ? forkIdOf(rules, genesisHash, scheduled) : new Uint8Array(4),
    precompiles,
    systemContracts: systemContractsOf(rules),
  }
}

/**
 * eth_config's three answers: the rules in force, the next scheduled fork's and the last scheduled fork's
 * (undefined where none is scheduled after the current one, as on every chain that runs one fork).
 */
export function forkConfigsOf(
  rules: Common,
  genesisHash: Uint8Array | undefined,
  scheduled: boolean,
): { current: ForkConfig; next: ForkConfig | undefined; last: ForkConfig | undefined } {
  const current = forkConfigOf(rules, genesisHash, scheduled)
  if (!scheduled) return { current, next: undefined, last: undefined }
  const forks = rules.hardforks()
  const index = forks.findIndex((fork) => fork.name === rules.hardfork())
  const later = forks.slice(index + 1).filter((fork) => fork.timestamp !== undefined && fork.timestamp !== null)
  const at = (name: string | undefined) => {
    if (name === undefined) return undefined
    const future = rules.copy()
    future.setHardfork(name)
    return forkConfigOf(future, genesisHash, scheduled)
  }
  return { current, next: at(later[0]?.name), last: at(later[later.length - 1]?.name) }
}

function blobScheduleOf(rules: Common): ForkConfig['blobSchedule'] {
  const schedule = rules.getBlobGasSchedule()
  return {
    target: schedule.targetBlobGasPerBlock / GAS_PER_BLOB,
    max: schedule.maxBlobGasPerBlock / GAS_PER_BLOB,
    baseFeeUpdateFraction: schedule.blobGasPriceUpdateFraction,
  }
}

function systemContractsOf(rules: Common): ForkConfig['systemContracts'] {
  const contracts: Array<{ name: string; address: Uint8Array }> = []
  const param = (name: string) => bigIntToAddressBytes(rules.param(name))
  if (rules.isActivatedEIP(4788)) contracts.push({ name: 'BEACON_ROOTS_ADDRESS', address: BEACON_ROOTS_ADDRESS })
  if (rules.isActivatedEIP(6110)) contracts.push({ name: 'DEPOSIT_CONTRACT_ADDRESS', address: hexToBytes(Mainnet.depositContractAddress as `0x${string}`) })
  if (rules.isActivatedEIP(2935)) contracts.push({ name: 'HISTORY_STORAGE_ADDRESS', address: param('historyStorageAddress') })
  if (rules.isActivatedEIP(7251)) contracts.push({ name: 'CONSOLIDATION_REQUEST_PREDEPLOY_ADDRESS', address: param('consolidationRequestPredeployAddress') })
  if (rules.isActivatedEIP(7002)) contracts.push({ name: 'WITHDRAWAL_REQUEST_PREDEPLOY_ADDRESS', address: param('withdrawalRequestPredeployAddress') })
  return contracts
}

/**
 * EIP-2124's fork id: the CRC32 of the genesis hash, then of each activation block or time after genesis up to
 * the current fork, as 8 big-endian bytes. Forks active at genesis (all of a dev chain's) add nothing.
 */
function forkIdOf(rules: Common, genesisHash: Uint8Array, scheduled: boolean): Uint8Array {
  let checksum = crc32(genesisHash)
  if (scheduled) {
    const passed = new Set<bigint>()
    for (const fork of rules.hardforks()) {
      const at = fork.timestamp ?? fork.block
      if (at !== null && at !== undefined && BigInt(at) > 0n) passed.add(BigInt(at))
      if (fork.name === rules.hardfork()) break
    }
    for (const at of passed) {
      const bytes = new Uint8Array(8)
      new DataView(bytes.buffer).setBigUint64(0, at)
      checksum = crc32(bytes, checksum)
    }
  }
  const id = new Uint8Array(4)
  new DataView(id.buffer).setUint32(0, checksum)
  return id
}
