import type { RpcConnection } from './rpcMethod.ts'

/** The subscriptions each WebSocket connection holds: eth_unsubscribe ends only one's own. */
const byConnection = new WeakMap<RpcConnection, Set<string>>()

export function subscriptionsOf(connection: RpcConnection): Set<string> {
  let ids = byConnection.get(connection)
  if (!ids) {
    ids = new Set()
    byConnection.set(connection, ids)
  }
  return ids
}
