import { z } from 'zod'
import { MethodNotFoundError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { explorerSubscriptionsOf } from '../explorerSubscriptions.ts'
import { parseParams } from '../schemas.ts'

const subscriptionId = z.string({ error: 'expected subscription id string' })

export const sim_unsubscribe = defineMethod({
  name: 'sim_unsubscribe',
  description: "WebSocket only: ends one of this connection's sim_subscribe subscriptions; false if it has none by that id.",
  params: [subscriptionId],
  result: returns<boolean>(),
  control: true,
  // The connection is checked before the params.
  parsesOwnParams: true,
  handler: (params, { method, rpc }) => {
    if (!rpc.connection) throw new MethodNotFoundError('notifications not supported: sim_unsubscribe needs a WebSocket connection')
    const [id] = parseParams(method, [subscriptionId], params)
    const held = explorerSubscriptionsOf(rpc.connection)
    const stop = held.get(id)
    if (!stop) return false
    held.delete(id)
    stop()
    return true
  },
})
