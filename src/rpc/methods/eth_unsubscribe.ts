import { z } from 'zod'
import { MethodNotFoundError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { subscriptionsOf } from '../connectionSubscriptions.ts'
import { parseParams } from '../schemas.ts'

const subscriptionId = z.string({ error: 'expected subscription id string' })

export const eth_unsubscribe = defineMethod({
  name: 'eth_unsubscribe',
  description: "WebSocket only: ends one of this connection's subscriptions; false if it had none by that id.",
  params: [subscriptionId],
  result: returns<boolean>(),
  cost: { infura: 10, alchemy: 10 },
  // The connection is checked before the params.
  parsesOwnParams: true,
  handler: (params, { method, node, rpc }) => {
    if (!rpc.connection) throw new MethodNotFoundError('notifications not supported: eth_unsubscribe needs a WebSocket connection')
    const [id] = parseParams(method, [subscriptionId], params)
    const own = subscriptionsOf(rpc.connection)
    if (!own.delete(id)) return false
    return node.subscriptions.unsubscribe(id)
  },
})
