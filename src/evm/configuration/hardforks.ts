import { Hardfork, Mainnet } from '@ethereumjs/common'
import type { Common } from '@ethereumjs/common'
import { paramsTx } from '@ethereumjs/tx'
import { UnknownHardforkError } from '../errors.ts'

/** A hardfork a chainsim network can run, as @ethereumjs spells it (`prague`, `osaka`, `bpo1`). */
export type HardforkName = `${Hardfork}`

/**
 * The forks a network can run, oldest first. chainsim seals proof-of-stake blocks only (no difficulty, no
 * block reward, PREVRANDAO in the mix hash), so the merge (`paris`) is the oldest; the BPO forks are those
 * @ethereumjs 10.1.3 gives mainnet a schedule for (bpo3 to bpo5 it names but schedules nowhere, and Anvil
 * 1.7.1 panics on them).
 */
export const SERVED_HARDFORKS: readonly HardforkName[] = [
  Hardfork.Paris,
  Hardfork.Shanghai,
  Hardfork.Cancun,
  Hardfork.Prague,
  Hardfork.Osaka,
  Hardfork.Bpo1,
  Hardfork.Bpo2,
]

/**
 * `latest`: the newest fork mainnet's schedule has activated (a block or a time), BPO2 with @ethereumjs
 * 10.1.3. Anvil 1.7.1's `latest` is one behind (BPO1); mainnet has run BPO2 since 2026-01-07.
 */
export const LATEST_HARDFORK: HardforkName = (() => {
  const scheduled = Mainnet.hardforks.filter((fork) => fork.block !== null || (fork.timestamp !== undefined && fork.timestamp !== null))
  const newest = scheduled[scheduled.length - 1]?.name as HardforkName
  if (!SERVED_HARDFORKS.includes(newest)) throw new Error(`mainnet's newest fork ${newest} is not one chainsim serves`)
  return newest
})()

/** The names `--hardfork` and the config's `hardfork` take, as help texts and refusals list them. */
export const HARDFORK_CHOICES: readonly string[] = [...SERVED_HARDFORKS, 'latest']

/** Mainnet's forks before the merge: known names chainsim cannot serve, refused with the reason. */
const PRE_MERGE: ReadonlySet<string> = new Set(
  Mainnet.hardforks.map((fork) => fork.name.toLowerCase()).filter((name) => !SERVED_HARDFORKS.includes(name as HardforkName)),
)

/**
 * The fork a user's name means, case-insensitively as Anvil takes it (`Prague`, `osaka`, `latest`);
 * `frontier` is Anvil's name for @ethereumjs's `chainstart`.
 */
export function parseHardfork(name: string): HardforkName {
  const lower = name.trim().toLowerCase()
  if (lower === 'latest') return LATEST_HARDFORK
  const served = SERVED_HARDFORKS.find((fork) => fork.toLowerCase() === lower)
  if (served) return served
  const accepted = HARDFORK_CHOICES.join(', ')
  if (PRE_MERGE.has(lower) || lower === 'frontier') {
    throw new UnknownHardforkError(`hardfork ${name} is before the merge: chainsim mines proof-of-stake blocks only (accepted: ${accepted})`)
  }
  throw new UnknownHardforkError(`unknown hardfork ${JSON.stringify(name)} (accepted: ${accepted})`)
}

/** A fork as Anvil names it in anvil_nodeInfo (revm's spelling): `Prague`, `Osaka`, `Bpo1`. */
export function anvilHardforkName(fork: string): string {
  return fork.charAt(0).toUpperCase() + fork.slice(1)
}

/** The most gas one transaction may carry under `rules`: EIP-7825's cap from Osaka (2^24), else none. */
export function transactionGasCapOf(rules: Common): bigint | undefined {
  if (!rules.isActivatedEIP(7825)) return undefined
  return BigInt(paramsTx[7825]?.maxTransactionGasLimit ?? 0) || undefined
}

/**
 * geth's refusal of a transaction carrying `gas` over Osaka's cap (txpool/validation.go: the block's gas limit is
 * checked first, then core.ErrGasLimitTooHigh); undefined when the cap allows it or there is none.
 */
export function gasCapRefusal(gas: bigint, cap: bigint | undefined, blockGasLimit: bigint): string | undefined {
  if (cap === undefined || gas <= cap) return undefined
  return gas > blockGasLimit ? 'exceeds block gas limit' : `transaction gas limit too high (cap: ${cap}, tx: ${gas})`
}
