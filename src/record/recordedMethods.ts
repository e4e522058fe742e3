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

/** Every method that changes a network's chain, pool, clock, mining or accounts, by name. */
export const RECORDED_METHODS: Readonly<Record<string, Recording>> = {
  eth_sendRawTransaction: SENT,
  eth_sendTransaction: SENT,
  eth_sendUnsignedTransaction: SENT,
  evm_mine: SENT,
  anvil_mine: SENT,
  hardhat_mine: SENT,
  sim_reorg: SENT,
  anvil_reorg: SENT,
  anvil_rollback: SENT,
  // sim_reorgProfile [] only reads.
  sim_reorgProfile: { as: 'sent', when: (params) => params.length > 0 },
  evm_snapshot: SENT,
  evm_revert: SENT,
  evm_setAutomine: SENT,
  // The blocks a timer mines are written one by one; the automine switch is what is left of Anvil's call.
  evm_setIntervalMining: { as: 'nothing' },
  anvil_setIntervalMining: { as: 'call', method: 'evm_setAutomine', params: () => [false] },
  evm_increaseTime: SENT,
  evm_setNextBlockTimestamp: SENT,
  anvil_setBlockTimestampInterval: SENT,
  anvil_removeBlockTimestampInterval: SENT,
  anvil_setBalance: SENT,
  anvil_setCode: SENT,
  anvil_setNonce: SENT,
  anvil_setStorageAt: SENT,
  hardhat_setBalance: SENT,
  hardhat_setCode: SENT,
  hardhat_setNonce: SENT,
  hardhat_setStorageAt: SENT,
  evm_setBlockGasLimit: SENT,
  anvil_setNextBlockBaseFeePerGas: SENT,
  hardhat_setNextBlockBaseFeePerGas: SENT,
  anvil_setCoinbase: SENT,
  hardhat_setCoinbase: SENT,
  anvil_dropTransaction: SENT,
  hardhat_dropTransaction: SENT,
  anvil_dropAllTransactions: SENT,
  anvil_impersonateAccount: SENT,
  hardhat_impersonateAccount: SENT,
  anvil_stopImpersonatingAccount: SENT,
  hardhat_stopImpersonatingAccount: SENT,
  anvil_reset: SENT,
  hardhat_reset: SENT,
  anvil_loadState: SENT,
}

/** Calls whose answer the played recording must give again (transaction hashes, snapshot ids): it expects them. */
export const CHECKED_ANSWERS: ReadonlySet<string> = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'eth_sendUnsignedTransaction',
  'evm_snapshot',
  'evm_revert',
])
