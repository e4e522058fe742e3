import type { RpcMethodTable } from './rpcMethod.ts'
import type { MethodContext } from './methodContext.ts'
import { METHODS } from './registry.ts'

export { methodNames } from './registry.ts'

/**
 * The method table: every declared method (src/rpc/registry.ts) bound to one network's context, for the
 * dispatcher; each learns the name it is called by.
 */
export function createMethodTable(context: Omit<MethodContext, 'rpc' | 'method'>): RpcMethodTable {
  const { node, profile, faults, clientVersion, saveState, requests, decoder, scenario } = context
  // A literal of one shape per call: spreading the context was ~5% of an eth_blockNumber's CPU over HTTP.
  // `satisfies` holds it to every field of MethodContext, so that a new one is not silently left out.
  return Object.fromEntries(
    METHODS.map(({ name: method, handle, writes }) => {
      const answer = (params: unknown[], rpc: MethodContext['rpc']) =>
        handle(params, { method, node, profile, faults, clientVersion, rpc, saveState, requests, decoder, scenario } satisfies Record<
          keyof MethodContext,
          unknown
        >)
      // A send is answered once admitted and its block mined right after (node.minedAfterAnswer): a read that
      // comes meanwhile waits for that block, so nothing asked after a send's hash misses its transaction.
      // Writes need no waiting: they queue behind the block.
      if (writes) return [method, answer]
      return [
        method,
        (params: unknown[], rpc: MethodContext['rpc']) => {
          const mining = node.minedAfterAnswer
          return mining === undefined ? answer(params, rpc) : mining.then(() => answer(params, rpc))
        },
      ]
    }),
  )
}
