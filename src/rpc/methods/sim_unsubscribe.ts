import { z } from 'zod'
import { MethodNotFoundError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { explorerSubscriptionsOf } from '../explorerSubscriptions.ts'
import { parseParams } from '../schemas.ts'

/** sim_unsubscribe [id] (WebSocket only): ends one of this connection's sim_subscribe subscriptions; false if it has none by that id. */
export const sim_unsubscribe: MethodHandler = (params, { method, rpc }) => {
  if (!rpc.connection) throw new MethodNotFoundError('notifications not supported: sim_unsubscribe needs a WebSocket connection')
  const [id] = parseParams(method, [z.string({ error: 'expected subscription id string' })], params)
  const held = explorerSubscriptionsOf(rpc.connection)
  const stop = held.get(id)
  if (!stop) return false
  held.delete(id)
  stop()
  return true
}
