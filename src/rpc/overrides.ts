import { z } from 'zod'
import type { AccountOverride, BlockOverrides, SimulatedWithdrawal } from '../evm/index.ts'
import { ServerError } from '../errors.ts'
import { address, data, hash32, quantity, uint64 } from './schemas.ts'

/**
 * geth's StateOverride and BlockOverrides on the wire (eth_call's third and fourth parameters,
 * eth_estimateGas', debug_traceCall's config, eth_simulateV1's blocks), parsed into domain values.
 * Like geth, unknown fields are ignored and `null` means absent.
 */

/** A JSON object whose keys are decoded by `key` and values by `value`, as [key, value] pairs. */
function decodedMap<K, V>(expected: string, key: z.ZodType<K>, value: z.ZodType<V>) {
  return z.unknown().transform((input, ctx): Array<[K, V]> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      ctx.addIssue(expected)
      return z.NEVER
    }
    const out: Array<[K, V]> = []
    for (const [rawKey, rawValue] of Object.entries(input)) {
      const parsedKey = key.safeParse(rawKey)
      const parsedValue = value.safeParse(rawValue)
      const issue = !parsedKey.success ? parsedKey.error.issues[0] : !parsedValue.success ? parsedValue.error.issues[0] : undefined
      if (issue || !parsedKey.success || !parsedValue.success) {
        ctx.addIssue({ code: 'custom', message: issue?.message ?? 'invalid value', path: [rawKey, ...(issue?.path ?? [])] })
        return z.NEVER
      }
      out.push([parsedKey.data, parsedValue.data])
    }
    return out
  })
}

const storage = decodedMap('expected an object of storage slots', hash32, hash32)

const accountOverride = z.object(
  {
    balance: quantity.nullish(),
    nonce: uint64.nullish(),
    code: data.nullish(),
    state: storage.nullish(),
    stateDiff: storage.nullish(),
    movePrecompileToAddress: address.nullish(),
  },
  { error: 'expected an account override object' },
)

/** `{address: {balance?, nonce?, code?, state?, stateDiff?, movePrecompileToAddress?}}` → account overrides. */
export const stateOverride = decodedMap('expected a state override object (address → account override)', address, accountOverride).transform(
  (entries): AccountOverride[] => {
    // The same address twice (different letter case): the later one wins, as geth's map decoding.
    const byAddress = new Map<string, AccountOverride>()
    for (const [account, fields] of entries) {
      byAddress.set(Buffer.from(account).toString('hex'), {
        address: account,
        balance: fields.balance ?? undefined,
        nonce: fields.nonce ?? undefined,
        code: fields.code ?? undefined,
        state: fields.state ?? undefined,
        stateDiff: fields.stateDiff ?? undefined,
        movePrecompileToAddress: fields.movePrecompileToAddress ?? undefined,
      })
    }
    return [...byAddress.values()]
  },
)

/**
 * The most accounts plus storage slots (`state` and `stateDiff` entries) the state overrides of one request
 * may hold, all blocks of an eth_simulateV1 together. Each is a write into the trie of an isolated state:
 * 10,000 cost a call 1.5-2.5 s (what a 50M-gas loop costs), 100,000 (6.3 MB of JSON) held the server for
 * 42-54 s and took ~900 MiB.
 */
export const MAX_STATE_OVERRIDE_ENTRIES = 10_000

/**
 * Refuses state overrides of more than {@link MAX_STATE_OVERRIDE_ENTRIES} entries, counted on the JSON as it
 * came (`overrideSets`: each state override object of the request) before any of them is validated or
 * converted, so that an oversized set costs what parsing its JSON cost.
 */
export function refuseOversizedStateOverrides(overrideSets: Iterable<unknown>): void {
  if (rawStateOverrideEntries(overrideSets, MAX_STATE_OVERRIDE_ENTRIES) > MAX_STATE_OVERRIDE_ENTRIES) {
    throw new ServerError(`invalid state overrides: over the limit of ${MAX_STATE_OVERRIDE_ENTRIES} accounts and storage slots`)
  }
}

/**
 * The accounts and storage slots of state override objects as they came over the wire, without looking at
 * what they are (anything that is not an object counts none); the count stops once it passes `stopAbove`.
 * For overrides that then parse, naming each account once, it is the count of the parsed overrides.
 */
export function rawStateOverrideEntries(overrideSets: Iterable<unknown>, stopAbove = Number.POSITIVE_INFINITY): number {
  let count = 0
  for (const overrides of overrideSets) {
    if (!isObject(overrides)) continue
    for (const key in overrides) {
      const account = overrides[key]
      count += 1 + (isObject(account) ? keyCount(account.state) + keyCount(account.stateDiff) : 0)
      if (count > stopAbove) return count
    }
  }
  return count
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function keyCount(value: unknown): number {
  return isObject(value) ? Object.keys(value).length : 0
}

const withdrawal = z.object({ index: uint64, validatorIndex: uint64, address, amount: uint64 }, { error: 'expected a withdrawal object' })

/**
 * geth's BlockOverrides, with Anvil's names accepted too (`coinbase`, `random`, `baseFee`).
 * `difficulty` is accepted and, as on geth after the merge, changes nothing.
 */
const blockOverrideFields = z.object(
  {
    number: quantity.nullish(),
    difficulty: quantity.nullish(),
    time: uint64.nullish(),
    gasLimit: uint64.nullish(),
    feeRecipient: address.nullish(),
    coinbase: address.nullish(),
    prevRandao: hash32.nullish(),
    random: hash32.nullish(),
    baseFeePerGas: quantity.nullish(),
    baseFee: quantity.nullish(),
    blobBaseFee: quantity.nullish(),
    beaconRoot: hash32.nullish(),
    withdrawals: z.array(withdrawal).nullish(),
  },
  { error: 'expected a block override object' },
)

/** Block overrides, with the fields only a simulated block can take (`beaconRoot`, `withdrawals`). */
export type SimulatedBlockOverrides = BlockOverrides & { beaconRoot?: Uint8Array; withdrawals?: SimulatedWithdrawal[] }

export const blockOverrides = blockOverrideFields.transform(
  (fields): SimulatedBlockOverrides => ({
    number: fields.number ?? undefined,
    time: fields.time ?? undefined,
    gasLimit: fields.gasLimit ?? undefined,
    feeRecipient: fields.feeRecipient ?? fields.coinbase ?? undefined,
    prevRandao: fields.prevRandao ?? fields.random ?? undefined,
    baseFeePerGas: fields.baseFeePerGas ?? fields.baseFee ?? undefined,
    blobBaseFee: fields.blobBaseFee ?? undefined,
    beaconRoot: fields.beaconRoot ?? undefined,
    withdrawals: fields.withdrawals ?? undefined,
  }),
)

/**
 * The overrides of one call (not a simulated block): geth refuses `beaconRoot` and `withdrawals`
 * there, with these words and -32000.
 */
export function callBlockOverrides(overrides: SimulatedBlockOverrides | null | undefined): BlockOverrides | undefined {
  if (!overrides) return undefined
  for (const field of ['beaconRoot', 'withdrawals'] as const) {
    if (overrides[field] !== undefined) throw new ServerError(`block override "${field}" is not supported for this RPC method`)
  }
  return overrides
}
