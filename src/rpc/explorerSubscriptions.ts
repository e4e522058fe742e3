import type { RpcConnection } from './rpcMethod.ts'

/** Each connection's sim_subscribe subscriptions: id → what ends it. */
const byConnection = new WeakMap<RpcConnection, Map<string, () => void>>()
let nextId = 1

/** The sim_subscribe subscriptions a connection holds; sim_unsubscribe ends only its own. */
export function explorerSubscriptionsOf(connection: RpcConnection): Map<string, () => void> {
  let held = byConnection.get(connection)
  if (!held) {
    held = new Map()
    byConnection.set(connection, held)
  }
  return held
}

/** A new subscription id, unique in the process (so never confused with another network's). */
export function newExplorerSubscriptionId(): string {
  return `0x${(nextId++).toString(16)}`
}
