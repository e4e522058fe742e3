// Every JSON-RPC method chainsim serves, each declared once in its module (src/rpc/methods/, one file each;
// a Hardhat name beside its Anvil twin). Everything else that lists methods reads this list: the method table,
// a fork's routing, the lag fault, the control set, throughput prices, ChainsimRpcSchema, the fuzz suite and
// docs/reference/json-rpc.md. test/rpc/registry.test.ts fails when a method module's declaration is missing here.
import { anvil_dropAllTransactions } from './methods/anvil_dropAllTransactions.ts'
import { anvil_dropTransaction, hardhat_dropTransaction } from './methods/anvil_dropTransaction.ts'
import { anvil_dumpState, hardhat_dumpState } from './methods/anvil_dumpState.ts'
import { anvil_getAutomine, hardhat_getAutomine } from './methods/anvil_getAutomine.ts'
import { anvil_impersonateAccount, hardhat_impersonateAccount } from './methods/anvil_impersonateAccount.ts'
import { anvil_loadState, hardhat_loadState } from './methods/anvil_loadState.ts'
import { anvil_metadata, hardhat_metadata } from './methods/anvil_metadata.ts'
import { anvil_mine, hardhat_mine } from './methods/anvil_mine.ts'
import { anvil_nodeInfo } from './methods/anvil_nodeInfo.ts'
import { anvil_removeBlockTimestampInterval } from './methods/anvil_removeBlockTimestampInterval.ts'
import { anvil_reorg } from './methods/anvil_reorg.ts'
import { anvil_reset, hardhat_reset } from './methods/anvil_reset.ts'
import { anvil_rollback } from './methods/anvil_rollback.ts'
import { anvil_setBalance, hardhat_setBalance } from './methods/anvil_setBalance.ts'
import { anvil_setBlockTimestampInterval } from './methods/anvil_setBlockTimestampInterval.ts'
import { anvil_setCode, hardhat_setCode } from './methods/anvil_setCode.ts'
import { anvil_setChainId } from './methods/anvil_setChainId.ts'
import { anvil_impersonateSignature } from './methods/anvil_impersonateSignature.ts'
import { anvil_setCoinbase, hardhat_setCoinbase } from './methods/anvil_setCoinbase.ts'
import { anvil_setIntervalMining } from './methods/anvil_setIntervalMining.ts'
import { anvil_setLoggingEnabled, hardhat_setLoggingEnabled } from './methods/anvil_setLoggingEnabled.ts'
import { anvil_setMinGasPrice, hardhat_setMinGasPrice } from './methods/anvil_setMinGasPrice.ts'
import { anvil_setNextBlockBaseFeePerGas, hardhat_setNextBlockBaseFeePerGas } from './methods/anvil_setNextBlockBaseFeePerGas.ts'
import { anvil_setNonce, hardhat_setNonce } from './methods/anvil_setNonce.ts'
import { anvil_setStorageAt, hardhat_setStorageAt } from './methods/anvil_setStorageAt.ts'
import { anvil_stopImpersonatingAccount, hardhat_stopImpersonatingAccount } from './methods/anvil_stopImpersonatingAccount.ts'
import { debug_traceBlockByHash } from './methods/debug_traceBlockByHash.ts'
import { debug_traceBlockByNumber } from './methods/debug_traceBlockByNumber.ts'
import { debug_traceCall } from './methods/debug_traceCall.ts'
import { debug_traceTransaction } from './methods/debug_traceTransaction.ts'
import { erigon_getHeaderByNumber } from './methods/erigon_getHeaderByNumber.ts'
import { eth_accounts } from './methods/eth_accounts.ts'
import { eth_baseFee } from './methods/eth_baseFee.ts'
import { eth_blobBaseFee } from './methods/eth_blobBaseFee.ts'
import { eth_blockNumber } from './methods/eth_blockNumber.ts'
import { eth_call } from './methods/eth_call.ts'
import { eth_chainId } from './methods/eth_chainId.ts'
import { eth_coinbase } from './methods/eth_coinbase.ts'
import { eth_config } from './methods/eth_config.ts'
import { eth_createAccessList } from './methods/eth_createAccessList.ts'
import { eth_estimateGas } from './methods/eth_estimateGas.ts'
import { eth_feeHistory } from './methods/eth_feeHistory.ts'
import { eth_fillTransaction } from './methods/eth_fillTransaction.ts'
import { eth_gasPrice } from './methods/eth_gasPrice.ts'
import { eth_getBalance } from './methods/eth_getBalance.ts'
import { eth_getBlockByHash } from './methods/eth_getBlockByHash.ts'
import { eth_getBlockByNumber } from './methods/eth_getBlockByNumber.ts'
import { eth_getBlockReceipts } from './methods/eth_getBlockReceipts.ts'
import { eth_getBlockTransactionCountByHash } from './methods/eth_getBlockTransactionCountByHash.ts'
import { eth_getBlockTransactionCountByNumber } from './methods/eth_getBlockTransactionCountByNumber.ts'
import { eth_getCode } from './methods/eth_getCode.ts'
import { eth_getFilterChanges } from './methods/eth_getFilterChanges.ts'
import { eth_getFilterLogs } from './methods/eth_getFilterLogs.ts'
import { eth_getLogs } from './methods/eth_getLogs.ts'
import { eth_getProof } from './methods/eth_getProof.ts'
import { eth_getStorageAt } from './methods/eth_getStorageAt.ts'
import { eth_getTransactionByBlockHashAndIndex } from './methods/eth_getTransactionByBlockHashAndIndex.ts'
import { eth_getTransactionByBlockNumberAndIndex } from './methods/eth_getTransactionByBlockNumberAndIndex.ts'
import { eth_getTransactionByHash } from './methods/eth_getTransactionByHash.ts'
import { eth_getTransactionCount } from './methods/eth_getTransactionCount.ts'
import { eth_getTransactionReceipt } from './methods/eth_getTransactionReceipt.ts'
import { eth_getUncleByBlockHashAndIndex } from './methods/eth_getUncleByBlockHashAndIndex.ts'
import { eth_getUncleByBlockNumberAndIndex } from './methods/eth_getUncleByBlockNumberAndIndex.ts'
import { eth_getUncleCountByBlockHash } from './methods/eth_getUncleCountByBlockHash.ts'
import { eth_getUncleCountByBlockNumber } from './methods/eth_getUncleCountByBlockNumber.ts'
import { eth_maxPriorityFeePerGas } from './methods/eth_maxPriorityFeePerGas.ts'
import { eth_newBlockFilter } from './methods/eth_newBlockFilter.ts'
import { eth_newFilter } from './methods/eth_newFilter.ts'
import { eth_newPendingTransactionFilter } from './methods/eth_newPendingTransactionFilter.ts'
import { eth_protocolVersion } from './methods/eth_protocolVersion.ts'
import { eth_sendRawTransaction } from './methods/eth_sendRawTransaction.ts'
import { eth_sendTransaction } from './methods/eth_sendTransaction.ts'
import { eth_sendUnsignedTransaction } from './methods/eth_sendUnsignedTransaction.ts'
import { eth_sign } from './methods/eth_sign.ts'
import { eth_signTransaction } from './methods/eth_signTransaction.ts'
import { eth_signTypedData_v4 } from './methods/eth_signTypedData_v4.ts'
import { eth_simulateV1 } from './methods/eth_simulateV1.ts'
import { eth_subscribe } from './methods/eth_subscribe.ts'
import { eth_syncing } from './methods/eth_syncing.ts'
import { eth_uninstallFilter } from './methods/eth_uninstallFilter.ts'
import { eth_unsubscribe } from './methods/eth_unsubscribe.ts'
import { evm_increaseTime } from './methods/evm_increaseTime.ts'
import { evm_mine } from './methods/evm_mine.ts'
import { evm_revert } from './methods/evm_revert.ts'
import { evm_setAutomine } from './methods/evm_setAutomine.ts'
import { evm_setBlockGasLimit } from './methods/evm_setBlockGasLimit.ts'
import { evm_setIntervalMining } from './methods/evm_setIntervalMining.ts'
import { evm_setNextBlockTimestamp } from './methods/evm_setNextBlockTimestamp.ts'
import { evm_snapshot } from './methods/evm_snapshot.ts'
import { net_listening } from './methods/net_listening.ts'
import { net_peerCount } from './methods/net_peerCount.ts'
import { net_version } from './methods/net_version.ts'
import { ots_getApiLevel } from './methods/ots_getApiLevel.ts'
import { ots_getBlockDetails } from './methods/ots_getBlockDetails.ts'
import { ots_getBlockDetailsByHash } from './methods/ots_getBlockDetailsByHash.ts'
import { ots_getBlockTransactions } from './methods/ots_getBlockTransactions.ts'
import { ots_getContractCreator } from './methods/ots_getContractCreator.ts'
import { ots_getInternalOperations } from './methods/ots_getInternalOperations.ts'
import { ots_getTransactionBySenderAndNonce } from './methods/ots_getTransactionBySenderAndNonce.ts'
import { ots_getTransactionError } from './methods/ots_getTransactionError.ts'
import { ots_hasCode } from './methods/ots_hasCode.ts'
import { ots_searchTransactionsAfter } from './methods/ots_searchTransactionsAfter.ts'
import { ots_searchTransactionsBefore } from './methods/ots_searchTransactionsBefore.ts'
import { ots_traceTransaction } from './methods/ots_traceTransaction.ts'
import { trace_block } from './methods/trace_block.ts'
import { trace_filter } from './methods/trace_filter.ts'
import { trace_replayBlockTransactions } from './methods/trace_replayBlockTransactions.ts'
import { trace_transaction } from './methods/trace_transaction.ts'
import { personal_sign } from './methods/personal_sign.ts'
import { sim_block } from './methods/sim_block.ts'
import { sim_fault } from './methods/sim_fault.ts'
import { sim_filters } from './methods/sim_filters.ts'
import { sim_forkTree } from './methods/sim_forkTree.ts'
import { sim_network } from './methods/sim_network.ts'
import { sim_pool } from './methods/sim_pool.ts'
import { sim_reorg } from './methods/sim_reorg.ts'
import { sim_reorgProfile } from './methods/sim_reorgProfile.ts'
import { sim_replay } from './methods/sim_replay.ts'
import { sim_requests } from './methods/sim_requests.ts'
import { sim_saveState } from './methods/sim_saveState.ts'
import { sim_scenario } from './methods/sim_scenario.ts'
import { sim_settle } from './methods/sim_settle.ts'
import { sim_subscribe } from './methods/sim_subscribe.ts'
import { sim_subscriptions } from './methods/sim_subscriptions.ts'
import { sim_transaction } from './methods/sim_transaction.ts'
import { sim_unsubscribe } from './methods/sim_unsubscribe.ts'
import { txpool_content } from './methods/txpool_content.ts'
import { txpool_contentFrom } from './methods/txpool_contentFrom.ts'
import { txpool_inspect } from './methods/txpool_inspect.ts'
import { txpool_status } from './methods/txpool_status.ts'
import { web3_clientVersion } from './methods/web3_clientVersion.ts'
import { web3_sha3 } from './methods/web3_sha3.ts'
// Raw transactions, account reads, sync sends and blobs (Anvil's methods beyond the first family).
import { debug_codeByHash } from './methods/debug_codeByHash.ts'
import { eth_getAccount } from './methods/eth_getAccount.ts'
import { eth_getAccountInfo } from './methods/eth_getAccountInfo.ts'
import { eth_getRawTransactionByBlockHashAndIndex } from './methods/eth_getRawTransactionByBlockHashAndIndex.ts'
import { eth_getRawTransactionByBlockNumberAndIndex } from './methods/eth_getRawTransactionByBlockNumberAndIndex.ts'
import { debug_getRawTransaction, eth_getRawTransactionByHash } from './methods/eth_getRawTransactionByHash.ts'
import { eth_getStorageValues } from './methods/eth_getStorageValues.ts'
import { eth_getTransactionBySenderAndNonce } from './methods/eth_getTransactionBySenderAndNonce.ts'
import { eth_sendRawTransactionSync } from './methods/eth_sendRawTransactionSync.ts'
import { eth_sendTransactionSync } from './methods/eth_sendTransactionSync.ts'
import { anvil_getBlobByHash } from './methods/anvil_getBlobByHash.ts'
import { anvil_getBlobsByTransactionHash } from './methods/anvil_getBlobsByTransactionHash.ts'
import type { AnyMethod } from './defineMethod.ts'
import type { PricedProvider } from './providers/pricedProviders.ts'
import type { FaultedMethods } from './faults/faultedMethods.ts'
// Anvil's test-client methods and their other names (issue 37's first family).
import { anvil_addBalance, hardhat_addBalance, tenderly_addBalance } from './methods/anvil_addBalance.ts'
import { anvil_autoImpersonateAccount, hardhat_autoImpersonateAccount } from './methods/anvil_autoImpersonateAccount.ts'
import { anvil_dealERC20, anvil_setERC20Balance, hardhat_dealERC20 } from './methods/anvil_dealERC20.ts'
import { anvil_getGenesisTime } from './methods/anvil_getGenesisTime.ts'
import { anvil_setERC20Allowance } from './methods/anvil_setERC20Allowance.ts'
import { anvil_setRpcUrl } from './methods/anvil_setRpcUrl.ts'
import { anvil_getIntervalMining } from './methods/anvil_getIntervalMining.ts'
import { anvil_mine_detailed, evm_mine_detailed } from './methods/anvil_mine_detailed.ts'
import { anvil_removePoolTransactions } from './methods/anvil_removePoolTransactions.ts'
import { anvil_setTime, evm_setTime } from './methods/anvil_setTime.ts'
import { hardhat_dropAllTransactions } from './methods/anvil_dropAllTransactions.ts'
import { tenderly_setBalance } from './methods/anvil_setBalance.ts'
import { evm_setAccountNonce } from './methods/anvil_setNonce.ts'
import { eth_requestAccounts } from './methods/eth_accounts.ts'
import { eth_signTypedData, eth_signTypedData_v3 } from './methods/eth_signTypedData_v4.ts'
import { anvil_increaseTime } from './methods/evm_increaseTime.ts'
import { anvil_revert } from './methods/evm_revert.ts'
import { anvil_setAutomine } from './methods/evm_setAutomine.ts'
import { anvil_setBlockGasLimit } from './methods/evm_setBlockGasLimit.ts'
import { anvil_setNextBlockTimestamp } from './methods/evm_setNextBlockTimestamp.ts'
import { anvil_snapshot } from './methods/evm_snapshot.ts'
import { eth_networkId } from './methods/net_version.ts'

/** Every declared method, in the order the method reference lists them. */
export const METHODS = [
  anvil_dropAllTransactions,
  anvil_dropTransaction,
  anvil_dumpState,
  anvil_getAutomine,
  anvil_impersonateAccount,
  anvil_loadState,
  anvil_metadata,
  anvil_mine,
  anvil_nodeInfo,
  anvil_removeBlockTimestampInterval,
  anvil_reorg,
  anvil_reset,
  anvil_rollback,
  anvil_setBalance,
  anvil_setBlockTimestampInterval,
  anvil_setCode,
  anvil_setChainId,
  anvil_impersonateSignature,
  anvil_setCoinbase,
  anvil_setIntervalMining,
  anvil_setLoggingEnabled,
  anvil_setMinGasPrice,
  anvil_setNextBlockBaseFeePerGas,
  anvil_setNonce,
  anvil_setStorageAt,
  anvil_stopImpersonatingAccount,
  debug_traceBlockByHash,
  debug_traceBlockByNumber,
  debug_traceCall,
  debug_traceTransaction,
  erigon_getHeaderByNumber,
  eth_accounts,
  eth_baseFee,
  eth_blobBaseFee,
  eth_blockNumber,
  eth_call,
  eth_chainId,
  eth_coinbase,
  eth_config,
  eth_createAccessList,
  eth_estimateGas,
  eth_feeHistory,
  eth_fillTransaction,
  eth_gasPrice,
  eth_getBalance,
  eth_getBlockByHash,
  eth_getBlockByNumber,
  eth_getBlockReceipts,
  eth_getBlockTransactionCountByHash,
  eth_getBlockTransactionCountByNumber,
  eth_getCode,
  eth_getFilterChanges,
  eth_getFilterLogs,
  eth_getLogs,
  eth_getProof,
  eth_getStorageAt,
  eth_getTransactionByBlockHashAndIndex,
  eth_getTransactionByBlockNumberAndIndex,
  eth_getTransactionByHash,
  eth_getTransactionCount,
  eth_getTransactionReceipt,
  eth_getUncleByBlockHashAndIndex,
  eth_getUncleByBlockNumberAndIndex,
  eth_getUncleCountByBlockHash,
  eth_getUncleCountByBlockNumber,
  eth_maxPriorityFeePerGas,
  eth_newBlockFilter,
  eth_newFilter,
  eth_newPendingTransactionFilter,
  eth_protocolVersion,
  eth_sendRawTransaction,
  eth_sendTransaction,
  eth_sendUnsignedTransaction,
  eth_sign,
  eth_signTransaction,
  eth_signTypedData_v4,
  eth_simulateV1,
  eth_subscribe,
  eth_syncing,
  eth_uninstallFilter,
  eth_unsubscribe,
  evm_increaseTime,
  evm_mine,
  evm_revert,
  evm_setAutomine,
  evm_setBlockGasLimit,
  evm_setIntervalMining,
  evm_setNextBlockTimestamp,
  evm_snapshot,
  net_listening,
  net_peerCount,
  net_version,
  ots_getApiLevel,
  ots_getBlockDetails,
  ots_getBlockDetailsByHash,
  ots_getBlockTransactions,
  ots_getContractCreator,
  ots_getInternalOperations,
  ots_getTransactionBySenderAndNonce,
  ots_getTransactionError,
  ots_hasCode,
  ots_searchTransactionsAfter,
  ots_searchTransactionsBefore,
  ots_traceTransaction,
  personal_sign,
  sim_block,
  sim_fault,
  sim_filters,
  sim_forkTree,
  sim_network,
  sim_pool,
  sim_reorg,
  sim_reorgProfile,
  sim_replay,
  sim_requests,
  sim_saveState,
  sim_scenario,
  sim_settle,
  sim_subscribe,
  sim_subscriptions,
  sim_transaction,
  sim_unsubscribe,
  trace_block,
  trace_filter,
  trace_replayBlockTransactions,
  trace_transaction,
  txpool_content,
  txpool_contentFrom,
  txpool_inspect,
  txpool_status,
  web3_clientVersion,
  web3_sha3,
  // Raw transactions, account reads, sync sends and blobs.
  debug_codeByHash,
  debug_getRawTransaction,
  eth_getAccount,
  eth_getAccountInfo,
  eth_getRawTransactionByBlockHashAndIndex,
  eth_getRawTransactionByBlockNumberAndIndex,
  eth_getRawTransactionByHash,
  eth_getStorageValues,
  eth_getTransactionBySenderAndNonce,
  eth_sendRawTransactionSync,
  eth_sendTransactionSync,
  anvil_getBlobByHash,
  anvil_getBlobsByTransactionHash,
  hardhat_dropTransaction,
  hardhat_getAutomine,
  hardhat_dumpState,
  hardhat_impersonateAccount,
  hardhat_loadState,
  hardhat_metadata,
  hardhat_mine,
  hardhat_reset,
  hardhat_setBalance,
  hardhat_setCode,
  hardhat_setCoinbase,
  hardhat_setLoggingEnabled,
  hardhat_setMinGasPrice,
  hardhat_setNextBlockBaseFeePerGas,
  hardhat_setNonce,
  hardhat_setStorageAt,
  hardhat_stopImpersonatingAccount,
  // Anvil's test-client methods and their other names (issue 37's first family).
  anvil_addBalance,
  hardhat_addBalance,
  tenderly_addBalance,
  tenderly_setBalance,
  anvil_autoImpersonateAccount,
  hardhat_autoImpersonateAccount,
  anvil_dealERC20,
  hardhat_dealERC20,
  anvil_setERC20Balance,
  anvil_setERC20Allowance,
  anvil_getGenesisTime,
  anvil_getIntervalMining,
  anvil_increaseTime,
  anvil_setNextBlockTimestamp,
  anvil_setTime,
  evm_setTime,
  anvil_setAutomine,
  anvil_setBlockGasLimit,
  anvil_snapshot,
  anvil_revert,
  anvil_mine_detailed,
  evm_mine_detailed,
  anvil_removePoolTransactions,
  anvil_setRpcUrl,
  hardhat_dropAllTransactions,
  evm_setAccountNonce,
  eth_requestAccounts,
  eth_networkId,
  eth_signTypedData,
  eth_signTypedData_v3,
] as const

const byName: ReadonlyMap<string, AnyMethod> = new Map(METHODS.map((method) => [method.name, method as AnyMethod]))

/** The names of every method chainsim serves. */
export const methodNames: readonly string[] = METHODS.map((method) => method.name)

/** The declaration of the method served under `name`, if there is one. */
export function declarationOf(name: string): AnyMethod | undefined {
  return byName.get(name)
}

/** The methods a lagging replica answers from its older head (the `lag` fault's default set). */
export const LAGGED_METHODS: ReadonlySet<string> = new Set(METHODS.filter((method) => method.lagged === true).map((method) => method.name))

/** chainsim's own control methods: never rate limited, lagged or partially failed in a batch (an `error` fault naming one still acts). */
export const CONTROL_METHODS: ReadonlySet<string> = new Set(METHODS.filter((method) => method.control === true).map((method) => method.name))

/** What one request of `method` costs in `provider`'s throughput pricing, where the declaration names a price. */
export function priceOf(method: string, provider: PricedProvider): number | undefined {
  return byName.get(method)?.cost?.[provider]
}

/** What the fault injector is told of the declared methods (`new FaultInjector({ methods: FAULTED_METHODS })`). */
export const FAULTED_METHODS: FaultedMethods = { control: CONTROL_METHODS, lagged: LAGGED_METHODS, priceOf }
