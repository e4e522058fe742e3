import { z } from 'zod'
import { MethodNotFoundError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { subscriptionsOf } from '../connectionSubscriptions.ts'
import { parseParams } from '../schemas.ts'

/** eth_unsubscribe (WebSocket only): ends one of this connection's subscriptions; false if it had none by that id. */
export const eth_unsubscribe: MethodHandler = (params, { method, node, rpc }) => {
  if (!rpc.connection) throw new MethodNotFoundError('notifications not supported: eth_unsubscribe needs a WebSocket connection')
  const [id] = parseParams(method, [z.string({ error: 'expected subscription id string' })], params)
  const own = subscriptionsOf(rpc.connection)
  if (!own.delete(id)) return false
  return node.subscriptions.unsubscribe(id)
}
