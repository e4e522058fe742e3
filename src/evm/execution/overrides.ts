import { getActivePrecompiles } from '@ethereumjs/evm'
import type { CustomPrecompile, PrecompileFunc } from '@ethereumjs/evm'
import type { Common } from '@ethereumjs/common'
import type { MerkleStateManager } from '@ethereumjs/statemanager'
import { Address, bytesToUnprefixedHex, createAccount, toChecksumAddress } from '@ethereumjs/util'
import type { CallBlockHeader } from './messageCall.ts'
import { OverrideRefused } from '../errors.ts'

/** Storage slots and their values, 32 bytes each. */
export type StorageEntries = ReadonlyArray<readonly [slot: Uint8Array, value: Uint8Array]>

/**
 * What a call may pretend about one account (geth's OverrideAccount: eth_call's third parameter,
 * eth_simulateV1's `stateOverrides`). `state` replaces the whole storage, `stateDiff` patches slots;
 * `movePrecompileToAddress` runs this precompile's code at another address instead.
 */
export interface AccountOverride {
  address: Uint8Array
  balance?: bigint
  nonce?: bigint
  code?: Uint8Array
  state?: StorageEntries
  stateDiff?: StorageEntries
  movePrecompileToAddress?: Uint8Array
}

/** Header fields a call or a simulated block runs under instead of its block's (geth's BlockOverrides). */
export interface BlockOverrides {
  number?: bigint
  time?: bigint
  gasLimit?: bigint
  feeRecipient?: Uint8Array
  prevRandao?: Uint8Array
  baseFeePerGas?: bigint
  blobBaseFee?: bigint
}

/**
 * Applies `overrides` to `state` (an isolated copy: nothing reaches the chain) as geth's
 * StateOverride.Apply does, and returns the precompile changes the EVM must be built with: every
 * overridden precompile stops being one, and a moved precompile answers at its new address.
 */
export async function applyStateOverrides(state: MerkleStateManager, overrides: readonly AccountOverride[], common: Common): Promise<CustomPrecompile[]> {
  const active = getActivePrecompiles(common)
  const overridden = new Set(overrides.map((o) => bytesToUnprefixedHex(o.address)))
  const movedTo = new Map<string, PrecompileFunc>()
  const removed = new Set<string>()
  for (const account of overrides) {
    const key = bytesToUnprefixedHex(account.address)
    if (movedTo.has(key)) throw new OverrideRefused(`account ${checksummed(account.address)} has already been overridden by a precompile`)
    const precompile = removed.has(key) ? undefined : active.get(key)
    if (account.movePrecompileToAddress !== undefined) {
      if (precompile === undefined) throw new OverrideRefused(`account ${checksummed(account.address)} is not a precompile`)
      const target = bytesToUnprefixedHex(account.movePrecompileToAddress)
      if (overridden.has(target)) throw new OverrideRefused(`account ${checksummed(account.movePrecompileToAddress)} is already overridden`)
      movedTo.set(target, precompile)
    }
    if (precompile !== undefined) removed.add(key)
    if (account.state !== undefined && account.stateDiff !== undefined) {
      throw new OverrideRefused(`account ${checksummed(account.address)} has both 'state' and 'stateDiff'`)
    }
    await writeAccount(state, account)
  }
  return [
    ...[...removed].filter((key) => !movedTo.has(key)).map((key) => ({ address: `0x${key}` as const })),
    ...[...movedTo].map(([key, fn]) => ({ address: `0x${key}` as const, function: fn })),
  ]
}

/**
 * Writes the given fields of one account into `state`: `state` replaces its storage, `stateDiff` patches
 * slots (anvil_setBalance and friends write this way too).
 */
export async function writeAccount(state: MerkleStateManager, account: Omit<AccountOverride, 'movePrecompileToAddress'>): Promise<void> {
  const address = new Address(account.address)
  const current = (await state.getAccount(address)) ?? createAccount({})
  if (account.nonce !== undefined) current.nonce = account.nonce
  if (account.balance !== undefined) current.balance = account.balance
  await state.putAccount(address, current)
  if (account.code !== undefined) await state.putCode(address, account.code)
  if (account.state !== undefined) await state.clearStorage(address)
  for (const [slot, value] of account.state ?? account.stateDiff ?? []) await state.putStorage(address, slot, value)
}

function checksummed(address: Uint8Array): string {
  return toChecksumAddress(`0x${bytesToUnprefixedHex(address)}`)
}

/** `header` with geth's BlockOverrides applied (eth_call, eth_estimateGas, debug_traceCall). */
export function withBlockOverrides(header: CallBlockHeader, overrides: BlockOverrides | undefined): CallBlockHeader {
  if (!overrides) return header
  return {
    ...header,
    number: overrides.number ?? header.number,
    timestamp: overrides.time ?? header.timestamp,
    gasLimit: overrides.gasLimit ?? header.gasLimit,
    coinbase: overrides.feeRecipient ?? header.coinbase,
    prevRandao: overrides.prevRandao ?? header.prevRandao,
    baseFeePerGas: header.baseFeePerGas === undefined ? undefined : (overrides.baseFeePerGas ?? header.baseFeePerGas),
    blobBaseFee: overrides.blobBaseFee,
  }
}
