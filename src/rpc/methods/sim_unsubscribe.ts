import { defineMethod, returns } from '../defineMethod.ts'
import { explorerSubscriptionsOf } from '../explorerSubscriptions.ts'
import { subscriptionId } from '../schemas.ts'

export const sim_unsubscribe = defineMethod({
  name: 'sim_unsubscribe',
  description: "WebSocket only: ends one of this connection's sim_subscribe subscriptions; false if it has none by that id.",
  params: [subscriptionId],
  result: returns<boolean>(),
  control: true,
  webSocketOnly: true,
  handler: ([id], { rpc }) => {
    const held = explorerSubscriptionsOf(rpc.connection!)
    const stop = held.get(id)
    if (!stop) return false
    held.delete(id)
    stop()
    return true
  },
})
