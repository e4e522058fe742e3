import { Block, createBlock, createBlockHeader, genRequestsRoot } from '@ethereumjs/block'
import type { HeaderData } from '@ethereumjs/block'
import { KECCAK256_RLP } from '@ethereumjs/util'
import { Bloom, runTx } from '@ethereumjs/vm'
import type { RunTxResult, VM } from '@ethereumjs/vm'
import { sha256 } from '@noble/hashes/sha2.js'
import { accumulateParentBeaconBlockRoot, accumulateParentBlockHash, accumulateRequests } from './systemCalls.ts'
import { blobGasOf, decodeRawTransaction, effectiveGasPriceOf, transactionFailureReason } from '../encoding/transactions.ts'
import type { SignedTransaction } from '../encoding/transactions.ts'
import { ForkSourceError } from '../errors.ts'
import { capturingConsole } from '../tracing/consoleCapture.ts'
import { orderedTrieRoot } from '../encoding/orderedTrie.ts'
import { packLogs } from '../encoding/packedLogs.ts'
import { encodeReceipt } from '../encoding/receiptEncoding.ts'
import { withSenderCodeUnseen } from '../patches/impersonatedSenderCode.ts'
import { sharedCommonFor } from '../patches/sharedCommon.ts'
import type { ExecutedTransaction } from '../types.ts'
import { libraryWithdrawals, payWithdrawals, withdrawalsRootOf } from './withdrawals.ts'
import type { Withdrawal } from './withdrawals.ts'
import { vmErrorOf } from './unavailableOpcode.ts'

/** What a new block is built from: its parent and the header fields the miner chooses. */
export interface BlockTemplate {
  parent: Pick<Block, 'header' | 'hash'>
  timestamp: bigint
  coinbase: Uint8Array
  gasLimit: bigint
  /** PoS randomness (header mixHash); chosen by the miner, deterministic in scenarios. */
  prevRandao: Uint8Array
  extraData?: Uint8Array
  /** The state to build on, when it is not the parent's own (state set directly on the head). */
  parentStateRoot?: Uint8Array
  /** A base fee chosen for this block (anvil_setNextBlockBaseFeePerGas) instead of the one EIP-1559 derives. */
  baseFeePerGas?: bigint
  /** EIP-4788: the beacon block root the block commits to (default zeros: chainsim has no beacon chain). */
  parentBeaconBlockRoot?: Uint8Array
  /** EIP-4895: the withdrawals the block pays out after its transactions (default none). */
  withdrawals?: readonly Withdrawal[]
  /** EIP-4844: the excess blob gas the block carries, instead of the one its parent's derives. */
  excessBlobGas?: bigint
}

export interface TransactionRejection {
  signed: SignedTransaction
  reason: string
}

export interface BuiltBlock {
  block: Block
  executed: ExecutedTransaction[]
  /** Transactions that could not run on this state (e.g. nonce or balance changed since admission). */
  rejected: TransactionRejection[]
  /** Transactions that did not fit the block's remaining gas; they wait for the next block. */
  deferred: SignedTransaction[]
  /** With `captureConsole`: the calldata of each console.log call of each executed transaction, by its index in `executed`. */
  consoleCalls?: Uint8Array[][]
}

/** What a build does besides building. */
export interface BuildOptions {
  /** Collect each transaction's console.log calls (`BuiltBlock.consoleCalls`). */
  captureConsole?: boolean
}

const ZERO_HASH = new Uint8Array(32)

/**
 * Executes transactions on top of `template.parent` and seals the block, the way
 * @ethereumjs/vm's BlockBuilder does, but with one header for the whole block instead of a new
 * Block (and Common copy) per transaction: that per-transaction rebuild was the largest cost of
 * mining (NOTES.md). The VM's state must already be at the parent's state root.
 */
export async function buildBlock(vm: VM, template: BlockTemplate, transactions: readonly SignedTransaction[], options: BuildOptions = {}): Promise<BuiltBlock> {
  const { common } = vm
  const { parent } = template
  const headerData: HeaderData = {
    parentHash: parent.hash(),
    number: parent.header.number + 1n,
    gasLimit: template.gasLimit,
    timestamp: template.timestamp,
    coinbase: template.coinbase,
    mixHash: template.prevRandao,
    extraData: template.extraData ?? new Uint8Array(),
    difficulty: 0n,
    nonce: new Uint8Array(8),
    baseFeePerGas: common.isActivatedEIP(1559) ? (template.baseFeePerGas ?? parent.header.calcNextBaseFee()) : undefined,
    excessBlobGas: common.isActivatedEIP(4844) ? (template.excessBlobGas ?? parent.header.calcNextExcessBlobGas(common)) : undefined,
    blobGasUsed: common.isActivatedEIP(4844) ? 0n : undefined,
    parentBeaconBlockRoot: common.isActivatedEIP(4788) ? (template.parentBeaconBlockRoot ?? ZERO_HASH) : undefined,
    withdrawalsRoot: common.isActivatedEIP(4895) ? KECCAK256_RLP : undefined,
  }
  // runTx reads number, timestamp, coinbase, base fee, gas limit and prevRandao from this
  // header; cumulative gas is passed per transaction instead. Built with the shared Common: a
  // copy of the chain's would rebuild its parameter cache for every block.
  const executionBlock = createBlock({ header: headerData }, { common: sharedCommonFor(common), freeze: false })

  // One checkpoint around the whole block: each transaction's commit then stays in the state
  // manager's caches, and the trie is written once, when the block's state root is taken.
  await vm.stateManager.checkpoint()
  try {
    return await executeAndSeal(vm, template, transactions, headerData, executionBlock, options)
  } catch (error) {
    await vm.stateManager.revert()
    throw error
  }
}

async function executeAndSeal(
  vm: VM,
  template: BlockTemplate,
  transactions: readonly SignedTransaction[],
  headerData: HeaderData,
  executionBlock: Block,
  options: BuildOptions,
): Promise<BuiltBlock> {
  const { common } = vm
  const { parent } = template
  if (common.isActivatedEIP(4788)) {
    await accumulateParentBeaconBlockRoot(vm, template.parentBeaconBlockRoot ?? ZERO_HASH, template.timestamp)
  }
  if (common.isActivatedEIP(2935)) {
    await accumulateParentBlockHash(vm, headerData.number as bigint, parent.hash())
  }

  const baseFee = (headerData.baseFeePerGas as bigint | undefined) ?? 0n
  const included: SignedTransaction[] = []
  const results: RunTxResult[] = []
  const executed: ExecutedTransaction[] = []
  const rejected: TransactionRejection[] = []
  const deferred: SignedTransaction[] = []
  const consoleCalls: Uint8Array[][] | undefined = options.captureConsole ? [] : undefined
  let gasUsed = 0n
  let logIndex = 0
  // EIP-4844: blob gas is counted apart from gas, against the fork's own limit (Prague: 9 blobs).
  const maxBlobGas = common.isActivatedEIP(4844) ? common.getBlobGasSchedule().maxBlobGasPerBlock : 0n
  let blobGasUsed = 0n

  // A sender's later nonces wait with its first deferred transaction: they cannot run before it.
  const waiting = new Set<string>()

  for (const pooled of transactions) {
    const blobGas = blobGasOf(pooled.tx)
    if (waiting.has(pooled.fromKey) || pooled.tx.gasLimit > template.gasLimit - gasUsed || blobGas > maxBlobGas - blobGasUsed) {
      waiting.add(pooled.fromKey)
      deferred.push(pooled)
      continue
    }
    let signed: SignedTransaction
    let result: RunTxResult
    let printed: Uint8Array[] = []
    try {
      signed = onBlockFork(pooled, common)
      const tx = signed.tx
      const run = () => runTx(vm, { tx, block: executionBlock, blockGasUsed: gasUsed, skipHardForkValidation: true })
      // An impersonated sender may be a contract (EIP-3607 does not apply to it), as on Anvil and Hardhat.
      const execute = signed.impersonated ? () => withSenderCodeUnseen(vm, tx.getSenderAddress(), run) : run
      if (consoleCalls) ({ value: result, consoleCalls: printed } = await capturingConsole(vm, execute))
      else result = await execute()
    } catch (error) {
      // The upstream of a forked chain failed to give state: the block cannot be built, nothing was refused.
      if (error instanceof ForkSourceError) throw error
      rejected.push({ signed: pooled, reason: transactionFailureReason(error) })
      continue
    }
    gasUsed += result.blockGasSpent
    blobGasUsed += blobGas
    const logs = packLogs(result.receipt.logs)
    const ran: ExecutedTransaction = {
      signed,
      status: result.execResult.exceptionError === undefined ? 1 : 0,
      gasUsed: result.totalGasSpent,
      cumulativeGasUsed: gasUsed,
      effectiveGasPrice: effectiveGasPriceOf(signed.tx, baseFee),
      contractAddress: result.createdAddress?.bytes,
      logs,
      firstLogIndex: logIndex,
      ...(blobGas > 0n ? { blobGasUsed: blobGas, blobGasPrice: executionBlock.header.getBlobGasPrice() } : {}),
    }
    const exception = result.execResult.exceptionError
    if (exception !== undefined) ran.failure = { error: vmErrorOf(result.execResult, common) ?? exception.error, returnData: result.execResult.returnValue }
    executed.push(ran)
    consoleCalls?.push(printed)
    logIndex += logs.length
    included.push(signed)
    results.push(result)
  }

  // Withdrawals are paid after the transactions, before the requests' system calls (runBlock's order).
  const withdrawals = common.isActivatedEIP(4895) ? libraryWithdrawals(template.withdrawals ?? []) : undefined
  if (template.withdrawals && withdrawals) await payWithdrawals(vm, template.withdrawals)
  const sealed = sharedCommonFor(common)
  const header = createBlockHeader(
    {
      ...headerData,
      ...(withdrawals && withdrawals.length > 0 ? { withdrawalsRoot: await withdrawalsRootOf(withdrawals) } : {}),
      // The block's checkpoint closes once the system calls ran: the trie is written once, here.
      ...(await blockCommitments(vm, results, executed, template.gasLimit, () => vm.stateManager.commit())),
      gasUsed,
      blobGasUsed: common.isActivatedEIP(4844) ? blobGasUsed : undefined,
    },
    { common: sealed },
  )
  // The block holds the transaction objects that ran; createBlock would rebuild every one.
  const block = new Block(
    header,
    included.map((s) => s.tx),
    [],
    withdrawals,
    { common: sealed },
  )
  return { block, executed, rejected, deferred, ...(consoleCalls ? { consoleCalls } : {}) }
}

/**
 * The transaction as the block's hardfork reads it. One decoded before a fork change carries the
 * older fork's rules (its Common is shared by every transaction of that fork); it is decoded again
 * under the block's, which throws when those rules refuse it (Osaka's per-transaction gas cap).
 */
function onBlockFork(signed: SignedTransaction, common: VM['common']): SignedTransaction {
  if (signed.tx.common.hardfork() === common.hardfork()) return signed
  const decoded = decodeRawTransaction(signed.raw, common)
  return signed.sidecar ? decoded.with({ sidecar: signed.sidecar }) : decoded
}

/**
 * What a block's header commits to once its transactions `executed` ran with `results` on `vm`: the
 * state, transactions and receipts roots (from the ordered keys, receipts encoded in one pass), the logs
 * bloom and (from Prague) the EIP-7685 requests hash, whose system calls run here. `beforeStateRoot` runs
 * between those calls and taking the state root.
 */
export async function blockCommitments(
  vm: VM,
  results: readonly RunTxResult[],
  executed: readonly ExecutedTransaction[],
  gasLimit: bigint,
  beforeStateRoot: () => Promise<void> = async () => {},
): Promise<Pick<HeaderData, 'stateRoot' | 'transactionsTrie' | 'receiptTrie' | 'logsBloom' | 'requestsHash'>> {
  const { common } = vm
  let requestsHash: Uint8Array | undefined
  if (common.isActivatedEIP(7685)) {
    const requests = await accumulateRequests(vm, [...results], gasLimit, true)
    requestsHash = genRequestsRoot(requests, common.customCrypto.sha256 ?? sha256)
  }
  const bloom = new Bloom(undefined, common)
  for (const result of results) bloom.or(result.bloom)
  await beforeStateRoot()
  return {
    stateRoot: await vm.stateManager.getStateRoot(),
    transactionsTrie: orderedTrieRoot(executed.map((e) => e.signed.raw)),
    receiptTrie: orderedTrieRoot(
      executed.map((e, i) =>
        encodeReceipt({
          type: e.signed.tx.type,
          status: e.status,
          cumulativeGasUsed: e.cumulativeGasUsed,
          bloom: (results[i] as RunTxResult).bloom.bitvector,
          logs: e.logs,
        }),
      ),
    ),
    logsBloom: bloom.bitvector,
    requestsHash,
  }
}
