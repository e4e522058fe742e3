import { defineMethod, returns } from '../defineMethod.ts'
import { subscriptionsOf } from '../connectionSubscriptions.ts'
import { subscriptionId } from '../schemas.ts'

export const eth_unsubscribe = defineMethod({
  name: 'eth_unsubscribe',
  description: "WebSocket only: ends one of this connection's subscriptions; false if it had none by that id.",
  params: [subscriptionId],
  result: returns<boolean>(),
  cost: { infura: 10, alchemy: 10 },
  webSocketOnly: true,
  handler: ([id], { node, rpc }) => {
    const own = subscriptionsOf(rpc.connection!)
    if (!own.delete(id)) return false
    return node.subscriptions.unsubscribe(id)
  },
})
