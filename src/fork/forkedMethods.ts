import type { BlockSelector } from '../chain/types.ts'
import { keyOf } from '../evm/index.ts'
import type { ChainNode } from '../node.ts'
import type { RpcMethod, RpcMethodTable } from '../rpc/dispatcher.ts'
import { blockTag, blockTagOrHash, hash32 } from '../rpc/schemas.ts'
import type { BlockSelectorOrHash } from '../rpc/schemas.ts'
import { hex } from './remoteHistory.ts'
import type { RemoteHistory } from './remoteHistory.ts'

// Where each state-reading method takes its block (EIP-1898 reference); absent means latest (local).
const STATE_METHODS: Readonly<Record<string, number>> = {
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_call: 1,
  eth_estimateGas: 1,
  eth_createAccessList: 1,
  eth_getProof: 2,
  debug_traceCall: 1,
}

const BLOCK_BY_NUMBER = [
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByNumber',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getUncleCountByBlockNumber',
  'eth_getUncleByBlockNumberAndIndex',
]
const BLOCK_BY_HASH = [
  'eth_getBlockByHash',
  'eth_getBlockTransactionCountByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleByBlockHashAndIndex',
]
const BY_TRANSACTION_HASH = ['eth_getTransactionByHash', 'eth_getTransactionReceipt']

/**
 * A forked network's methods: what names the chain up to the fork block is answered by the upstream (its
 * blocks with their transactions, the fork block included; its transactions, receipts, uncles and traces;
 * state and traced calls at blocks before the fork block), the rest by the node, which holds the fork block's header, the fork's base state
 * and every block after. Tags resolve against the local chain first (`earliest` is the upstream's genesis).
 * A method whose parameters do not parse is left to the node, which refuses them in its own words; logs
 * across the fork block are merged by the node's log query (`olderLogs`).
 */
export function withForkedHistory(methods: RpcMethodTable, node: ChainNode, history: RemoteHistory): RpcMethodTable {
  const fork = history.forkPoint
  const local = (method: string): RpcMethod => methods[method] as RpcMethod
  /** The number a selector stands for now; undefined for `pending` (always local). */
  const numberOf = (selector: BlockSelector): bigint | undefined =>
    selector === 'pending' ? undefined : typeof selector === 'bigint' ? selector : node.chain.tagNumber(selector)
  /** Whether a hash names a block the node holds itself (every local block; the fork block's own is the upstream's). */
  const isLocalBlock = (hash: Uint8Array) => keyOf(hash) !== fork.hash && node.chain.blockByHash(hash) !== undefined
  const withParam = (params: unknown[], position: number, value: unknown) => params.map((p, i) => (i === position ? value : p))

  const routed: Record<string, RpcMethod> = {}

  for (const method of BLOCK_BY_NUMBER) {
    routed[method] = async (params, rpc) => {
      const parsed = blockTag.safeParse(params[0])
      const number = parsed.success ? numberOf(parsed.data) : undefined
      if (number === undefined || number > fork.number) return local(method)(params, rpc)
      return history.answer(method, withParam(params, 0, hex(number)))
    }
  }

  for (const method of BLOCK_BY_HASH) {
    routed[method] = async (params, rpc) => {
      const parsed = hash32.safeParse(params[0])
      if (!parsed.success || isLocalBlock(parsed.data) || (await history.blockNumberOf(parsed.data)) === undefined) {
        return local(method)(params, rpc)
      }
      return history.answer(method, params)
    }
  }

  for (const method of BY_TRANSACTION_HASH) {
    routed[method] = async (params, rpc) => {
      const parsed = hash32.safeParse(params[0])
      // Known here (mined on the fork or pooled): the node's answer; a pooled one has no receipt yet.
      if (!parsed.success || node.transaction(parsed.data)) return local(method)(params, rpc)
      return history.answer(method, params, history.atOrBelowFork)
    }
  }

  // Traces of the upstream's history are the upstream's (as Anvil forwards them): the node holds none of
  // those blocks' transactions nor the state they ran on. Passed on uncached, as a trace can be large.
  routed.debug_traceTransaction = async (params, rpc) => {
    const parsed = hash32.safeParse(params[0])
    if (!parsed.success || node.transaction(parsed.data)) return local('debug_traceTransaction')(params, rpc)
    const upstreamTransaction = await history.answer('eth_getTransactionByHash', [params[0]], history.atOrBelowFork)
    return upstreamTransaction === null ? local('debug_traceTransaction')(params, rpc) : history.passOn('debug_traceTransaction', params)
  }

  routed.debug_traceBlockByNumber = async (params, rpc) => {
    const parsed = blockTag.safeParse(params[0])
    const number = parsed.success ? numberOf(parsed.data) : undefined
    if (number === undefined || number > fork.number) return local('debug_traceBlockByNumber')(params, rpc)
    return history.passOn('debug_traceBlockByNumber', withParam(params, 0, hex(number)))
  }

  routed.debug_traceBlockByHash = async (params, rpc) => {
    const parsed = hash32.safeParse(params[0])
    if (!parsed.success || isLocalBlock(parsed.data) || (await history.blockNumberOf(parsed.data)) === undefined) {
      return local('debug_traceBlockByHash')(params, rpc)
    }
    return history.passOn('debug_traceBlockByHash', params)
  }

  routed.eth_getBlockReceipts = async (params, rpc) => {
    const upstreamRef = await upstreamBlockOf(params[0], 'block')
    return upstreamRef === undefined ? local('eth_getBlockReceipts')(params, rpc) : history.answer('eth_getBlockReceipts', [upstreamRef])
  }

  for (const [method, position] of Object.entries(STATE_METHODS)) {
    routed[method] = async (params, rpc) => {
      const upstreamRef = params[position] === undefined ? undefined : await upstreamBlockOf(params[position], 'state')
      return upstreamRef === undefined ? local(method)(params, rpc) : history.answer(method, withParam(params, position, upstreamRef))
    }
  }

  // A block hash below the fork block names upstream logs: asked as that block's number, merged as any range.
  routed.eth_getLogs = async (params, rpc) => {
    const filter = params[0] as Record<string, unknown> | undefined
    const hashParam = filter && typeof filter === 'object' ? (filter.blockHash ?? filter.blockhash) : undefined
    const parsed = hash32.safeParse(hashParam)
    if (!parsed.success || node.chain.blockByHash(parsed.data)) return local('eth_getLogs')(params, rpc)
    const number = await history.blockNumberOf(parsed.data)
    if (number === undefined) return local('eth_getLogs')(params, rpc)
    const byNumber: Record<string, unknown> = { ...filter, fromBlock: hex(number), toBlock: hex(number) }
    delete byNumber.blockHash
    delete byNumber.blockhash
    return local('eth_getLogs')([byNumber, ...params.slice(1)], rpc)
  }

  /**
   * The reference to send upstream when `param` names a block the upstream answers for (a block's contents
   * up to the fork block; state before it, the fork block's own state being the fork's base), else undefined.
   */
  async function upstreamBlockOf(param: unknown, kind: 'block' | 'state'): Promise<unknown> {
    const parsed = blockTagOrHash.safeParse(param)
    if (!parsed.success) return undefined
    const ref: BlockSelectorOrHash = parsed.data
    const newest = kind === 'block' ? fork.number : fork.number - 1n
    if (typeof ref !== 'object') {
      const number = numberOf(ref)
      return number !== undefined && number <= newest ? hex(number) : undefined
    }
    if (node.chain.blockByHash(ref.blockHash) && (kind === 'state' || isLocalBlock(ref.blockHash))) return undefined
    const number = await history.blockNumberOf(ref.blockHash)
    return number !== undefined && number <= newest ? param : undefined
  }

  return { ...methods, ...routed }
}
