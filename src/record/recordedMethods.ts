import { METHODS } from '../rpc/registry.ts'

/**
 * How a recording writes each call that changes a served chain: as it was sent (an `rpc` step), as another call
 * with the same effect on the chain, or not at all. Interval mining is not written as such: each block it mines
 * is written as a `mine` step where it happened, so a played recording never mines on a timer.
 */
export type Recording =
  | { as: 'sent'; when?: (params: unknown[]) => boolean }
  | { as: 'call'; method: string; params: (params: unknown[]) => unknown[] }
  | { as: 'nothing' }

const SENT: Recording = { as: 'sent' }

/** How the methods not written as sent are written. */
const WRITTEN_OTHERWISE: Readonly<Record<string, Recording>> = {
  // sim_reorgProfile [] only reads.
  sim_reorgProfile: { as: 'sent', when: (params) => params.length > 0 },
  // The blocks a timer mines are written one by one; the automine switch is what is left of Anvil's call.
  evm_setIntervalMining: { as: 'nothing' },
  anvil_setIntervalMining: { as: 'call', method: 'evm_setAutomine', params: () => [false] },
}

/** Every method that changes a network's chain, pool, clock, mining or accounts: the ones declared `writes`. */
export const RECORDED_METHODS: Readonly<Record<string, Recording>> = Object.fromEntries(
  METHODS.filter((method) => method.writes === true).map((method) => [method.name, WRITTEN_OTHERWISE[method.name] ?? SENT]),
)

/** Calls whose answer the played recording must give again (transaction hashes, snapshot ids): it expects them. */
export const CHECKED_ANSWERS: ReadonlySet<string> = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'eth_sendUnsignedTransaction',
  'evm_snapshot',
  'evm_revert',
])
