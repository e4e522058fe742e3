import type { BlockSelector } from '../chain/types.ts'
import { keyOf } from '../evm/index.ts'
import type { ChainNode } from '../node.ts'
import type { AnyMethod } from './defineMethod.ts'
import type { RpcMethod, RpcMethodTable } from './rpcMethod.ts'
import { METHODS } from './registry.ts'
import { blockTag, blockTagOrHash, hash32 } from './schemas.ts'
import type { BlockSelectorOrHash } from './schemas.ts'
import { hex } from '../fork/remoteHistory.ts'
import type { RemoteHistory } from '../fork/remoteHistory.ts'

/** What a route decides with: the node, the upstream's history, and the method's own local answer. */
interface RouteContext {
  node: ChainNode
  history: RemoteHistory
  method: string
  local: RpcMethod
}

/** A method as a forked network serves it, given what it decides with. */
type Route = (context: RouteContext) => RpcMethod

/**
 * How a forked network routes a declared method for blocks up to its fork block, read from its declaration
 * (`reads.block`: which parameter names the block and how; `fork`: forwarded, passed on, merged or local);
 * undefined when the node answers it whatever the block. Throws for a declaration no route fits, so that the
 * registry's test names it.
 */
export function forkRouteOf(declaration: AnyMethod): Route | undefined {
  const { fork, reads, name } = declaration
  const block = reads?.block
  if (fork === undefined || fork === 'local') return undefined
  if (block === undefined) throw new Error(`${name}: fork "${fork}" needs reads.block (which parameter names the block)`)
  const { param } = block
  if (fork === 'merged') {
    if (block.kind !== 'logFilter') throw new Error(`${name}: only a log filter's logs are merged, not a block read by ${block.kind}`)
    return mergedLogs(param)
  }
  const passedOn = fork === 'passedOn'
  switch (block.kind) {
    case 'number':
      return byNumber(param, passedOn)
    case 'hash':
      return byHash(param, passedOn)
    case 'reference':
      return byReference(param, reads?.state === true ? 'state' : 'block', passedOn)
    case 'transaction':
      return byTransaction(param, passedOn)
    case 'logFilter':
      throw new Error(`${name}: a log filter's logs are merged ("merged"), not ${fork}`)
  }
}

/**
 * A forked network's methods: what names the chain up to the fork block is answered by the upstream (its
 * blocks with their transactions, the fork block included; its transactions, receipts, uncles and traces;
 * state and traced calls at blocks before the fork block), the rest by the node, which holds the fork block's
 * header, the fork's base state and every block after; each method as its declaration says (`forkRouteOf`).
 * Tags resolve against the local chain first (`earliest` is the upstream's genesis). A method whose parameters
 * do not parse is left to the node, which refuses them in its own words; logs across the fork block are merged
 * by the node's log query (`olderLogs`).
 */
export function withForkedHistory(methods: RpcMethodTable, node: ChainNode, history: RemoteHistory): RpcMethodTable {
  const routed: Record<string, RpcMethod> = {}
  for (const declaration of METHODS) {
    const route = forkRouteOf(declaration)
    const local = methods[declaration.name]
    if (route && local) routed[declaration.name] = route({ node, history, method: declaration.name, local })
  }
  return { ...methods, ...routed }
}

/** The upstream's answer: cached, or passed on uncached (a trace can be large). */
function ask(history: RemoteHistory, passedOn: boolean, method: string, params: unknown[]): Promise<unknown> {
  return passedOn ? history.passOn(method, params) : history.answer(method, params)
}

const withParam = (params: unknown[], position: number, value: unknown) => params.map((p, i) => (i === position ? value : p))

/** The number a selector stands for now; undefined for `pending` (always local). */
function numberOf(node: ChainNode, selector: BlockSelector): bigint | undefined {
  return selector === 'pending' ? undefined : typeof selector === 'bigint' ? selector : node.chain.tagNumber(selector)
}

/** Whether a hash names a block the node holds itself (every local block; the fork block's own is the upstream's). */
function isLocalBlock(node: ChainNode, history: RemoteHistory, hash: Uint8Array): boolean {
  return keyOf(hash) !== history.forkPoint.hash && node.chain.blockByHash(hash) !== undefined
}

/** A block by tag or number: the upstream's up to the fork block, asked by number. */
function byNumber(param: number, passedOn: boolean): Route {
  return ({ node, history, method, local }) =>
    async (params, rpc) => {
      const parsed = blockTag.safeParse(params[param])
      const number = parsed.success ? numberOf(node, parsed.data) : undefined
      if (number === undefined || number > history.forkPoint.number) return local(params, rpc)
      return ask(history, passedOn, method, withParam(params, param, hex(number)))
    }
}

/** A block by hash: the upstream's when the node holds no such block and the upstream does. */
function byHash(param: number, passedOn: boolean): Route {
  return ({ node, history, method, local }) =>
    async (params, rpc) => {
      const parsed = hash32.safeParse(params[param])
      if (!parsed.success || isLocalBlock(node, history, parsed.data) || (await history.blockNumberOf(parsed.data)) === undefined) {
        return local(params, rpc)
      }
      return ask(history, passedOn, method, params)
    }
}

/**
 * A block by EIP-1898 reference: a block's contents up to the fork block, or state before it (the fork block's
 * own state being the fork's base), are the upstream's; an omitted reference means latest, the node's.
 */
function byReference(param: number, kind: 'block' | 'state', passedOn: boolean): Route {
  return ({ node, history, method, local }) =>
    async (params, rpc) => {
      const upstreamRef = params[param] === undefined ? undefined : await upstreamReference(node, history, params[param], kind)
      return upstreamRef === undefined ? local(params, rpc) : ask(history, passedOn, method, withParam(params, param, upstreamRef))
    }
}

/**
 * The reference to send upstream when `param` names a block the upstream answers for (a block's contents up
 * to the fork block; state before it), else undefined.
 */
async function upstreamReference(node: ChainNode, history: RemoteHistory, param: unknown, kind: 'block' | 'state'): Promise<unknown> {
  const parsed = blockTagOrHash.safeParse(param)
  if (!parsed.success) return undefined
  const ref: BlockSelectorOrHash = parsed.data
  const fork = history.forkPoint
  const newest = kind === 'block' ? fork.number : fork.number - 1n
  if (typeof ref !== 'object') {
    const number = numberOf(node, ref)
    return number !== undefined && number <= newest ? hex(number) : undefined
  }
  if (node.chain.blockByHash(ref.blockHash) && (kind === 'state' || isLocalBlock(node, history, ref.blockHash))) return undefined
  const number = await history.blockNumberOf(ref.blockHash)
  return number !== undefined && number <= newest ? param : undefined
}

/**
 * A transaction by hash: the node's when it knows it (mined on the fork or pooled; a pooled one has no receipt
 * yet), else the upstream's at or below the fork block. A trace is passed on only when the upstream has the
 * transaction (as Anvil forwards traces): the node holds none of those blocks' transactions nor their state.
 */
function byTransaction(param: number, passedOn: boolean): Route {
  return ({ node, history, method, local }) =>
    async (params, rpc) => {
      const parsed = hash32.safeParse(params[param])
      if (!parsed.success || node.transaction(parsed.data)) return local(params, rpc)
      if (!passedOn) {
        const answer = await history.answer(method, params, history.atOrBelowFork)
        if (answer === null || typeof answer === 'object') return answer
        // An answer that does not say its block (a raw transaction's bytes) is taken only for a transaction at or
        // below the fork block, which the upstream's transaction object says.
        const located = await history.answer('eth_getTransactionByHash', [params[param]], history.atOrBelowFork)
        return located === null ? null : answer
      }
      const upstreamTransaction = await history.answer('eth_getTransactionByHash', [params[param]], history.atOrBelowFork)
      return upstreamTransaction === null ? local(params, rpc) : history.passOn(method, params)
    }
}

/** A log filter naming a block hash below the fork block: asked as that block's number, merged as any range. */
function mergedLogs(param: number): Route {
  return ({ node, history, local }) =>
    async (params, rpc) => {
      const filter = params[param] as Record<string, unknown> | undefined
      const hashParam = filter && typeof filter === 'object' ? (filter.blockHash ?? filter.blockhash) : undefined
      const parsed = hash32.safeParse(hashParam)
      if (!parsed.success || node.chain.blockByHash(parsed.data)) return local(params, rpc)
      const number = await history.blockNumberOf(parsed.data)
      if (number === undefined) return local(params, rpc)
      const byNumber: Record<string, unknown> = { ...filter, fromBlock: hex(number), toBlock: hex(number) }
      delete byNumber.blockHash
      delete byNumber.blockhash
      return local(withParam(params, param, byNumber), rpc)
    }
}
