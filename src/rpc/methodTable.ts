// The method table: JSON-RPC method names to their handlers, one file per method.
import { anvil_mine } from './methods/anvil_mine.ts'
import { anvil_reorg } from './methods/anvil_reorg.ts'
import { anvil_rollback } from './methods/anvil_rollback.ts'
import { anvil_setBalance } from './methods/anvil_setBalance.ts'
import { anvil_setCode } from './methods/anvil_setCode.ts'
import { anvil_setNonce } from './methods/anvil_setNonce.ts'
import { anvil_setStorageAt } from './methods/anvil_setStorageAt.ts'
import { eth_accounts } from './methods/eth_accounts.ts'
import { eth_baseFee } from './methods/eth_baseFee.ts'
import { eth_blobBaseFee } from './methods/eth_blobBaseFee.ts'
import { eth_blockNumber } from './methods/eth_blockNumber.ts'
import { eth_call } from './methods/eth_call.ts'
import { eth_chainId } from './methods/eth_chainId.ts'
import { eth_createAccessList } from './methods/eth_createAccessList.ts'
import { eth_estimateGas } from './methods/eth_estimateGas.ts'
import { eth_feeHistory } from './methods/eth_feeHistory.ts'
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
import { eth_maxPriorityFeePerGas } from './methods/eth_maxPriorityFeePerGas.ts'
import { eth_newBlockFilter } from './methods/eth_newBlockFilter.ts'
import { eth_newFilter } from './methods/eth_newFilter.ts'
import { eth_newPendingTransactionFilter } from './methods/eth_newPendingTransactionFilter.ts'
import { eth_sendRawTransaction } from './methods/eth_sendRawTransaction.ts'
import { eth_sendTransaction } from './methods/eth_sendTransaction.ts'
import { eth_subscribe } from './methods/eth_subscribe.ts'
import { eth_syncing } from './methods/eth_syncing.ts'
import { eth_uninstallFilter } from './methods/eth_uninstallFilter.ts'
import { eth_unsubscribe } from './methods/eth_unsubscribe.ts'
import { evm_increaseTime } from './methods/evm_increaseTime.ts'
import { evm_mine } from './methods/evm_mine.ts'
import { evm_revert } from './methods/evm_revert.ts'
import { evm_setAutomine } from './methods/evm_setAutomine.ts'
import { evm_setIntervalMining } from './methods/evm_setIntervalMining.ts'
import { evm_setNextBlockTimestamp } from './methods/evm_setNextBlockTimestamp.ts'
import { evm_snapshot } from './methods/evm_snapshot.ts'
import { net_version } from './methods/net_version.ts'
import { sim_fault } from './methods/sim_fault.ts'
import { sim_reorg } from './methods/sim_reorg.ts'
import { sim_saveState } from './methods/sim_saveState.ts'
import { txpool_content } from './methods/txpool_content.ts'
import { txpool_contentFrom } from './methods/txpool_contentFrom.ts'
import { txpool_status } from './methods/txpool_status.ts'
import { web3_clientVersion } from './methods/web3_clientVersion.ts'
import type { RpcMethodTable } from './dispatcher.ts'
import type { MethodContext, MethodHandler } from './methodContext.ts'

const handlers: Readonly<Record<string, MethodHandler>> = {
  anvil_mine,
  anvil_reorg,
  anvil_rollback,
  anvil_setBalance,
  anvil_setCode,
  anvil_setNonce,
  anvil_setStorageAt,
  eth_accounts,
  eth_baseFee,
  eth_blobBaseFee,
  eth_blockNumber,
  eth_call,
  eth_chainId,
  eth_createAccessList,
  eth_estimateGas,
  eth_feeHistory,
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
  eth_maxPriorityFeePerGas,
  eth_newBlockFilter,
  eth_newFilter,
  eth_newPendingTransactionFilter,
  eth_sendRawTransaction,
  eth_sendTransaction,
  eth_subscribe,
  eth_syncing,
  eth_uninstallFilter,
  eth_unsubscribe,
  evm_increaseTime,
  evm_mine,
  evm_revert,
  evm_setAutomine,
  evm_setIntervalMining,
  evm_setNextBlockTimestamp,
  evm_snapshot,
  net_version,
  sim_fault,
  sim_reorg,
  sim_saveState,
  txpool_content,
  txpool_contentFrom,
  txpool_status,
  web3_clientVersion,
}

/** Hardhat's names for Anvil's methods: the same method, answering `true` where Anvil answers null. */
const hardhatAliases: Readonly<Record<string, MethodHandler>> = {
  hardhat_mine: answeringTrue(anvil_mine),
  hardhat_setBalance: answeringTrue(anvil_setBalance),
  hardhat_setCode: answeringTrue(anvil_setCode),
  hardhat_setNonce: answeringTrue(anvil_setNonce),
  hardhat_setStorageAt: answeringTrue(anvil_setStorageAt),
}

const allMethods: Readonly<Record<string, MethodHandler>> = { ...handlers, ...hardhatAliases }

function answeringTrue(handler: MethodHandler): MethodHandler {
  return async (params, ctx) => {
    await handler(params, ctx)
    return true
  }
}

/** Binds every handler to one network's context, for the dispatcher; each learns the name it is called by. */
export function createMethodTable(context: Omit<MethodContext, 'rpc' | 'method'>): RpcMethodTable {
  return Object.fromEntries(
    Object.entries(allMethods).map(([method, handler]) => [method, (params, rpc) => handler(params, { ...context, method, rpc })]),
  )
}

/** The names of every method chainsim serves. */
export const methodNames: readonly string[] = Object.keys(allMethods)
