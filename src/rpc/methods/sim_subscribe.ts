import { z } from 'zod'
import { LimitExceededError, ServerError } from '../../errors.ts'
import { chainFeedOf } from '../chainFeed.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { explorerSubscriptionsOf, newExplorerSubscriptionId } from '../explorerSubscriptions.ts'

const kind = z.enum(['chain', 'requests'], { error: 'expected subscription name: chain or requests' })

/**
 * sim_subscribe [kind] (WebSocket only), chainsim's own subscriptions, notified as `sim_subscription` (geth's
 * `<namespace>_subscribe` convention): `chain` tells every change of the canonical chain as it happens
 * (`{type: "block", block}`, or `{type: "reorg", commonAncestor, removed, added}` for reorgs, rollbacks and
 * reverts, which newHeads cannot tell when nothing is added; when anvil_reset or anvil_loadState replaces the
 * chain, a reorg back to genesis, then `{type: "replaced", head, safe, finalized, top}`: read the tree again);
 * `requests` sends every call this network answers, as sim_requests lists them. It ends with its connection or
 * with sim_unsubscribe.
 */
export const sim_subscribe = defineMethod({
  name: 'sim_subscribe',
  description: 'WebSocket only: `chain` (every change of the canonical chain) or `requests` (every call answered); its id.',
  params: [kind],
  result: returns<string>(),
  control: true,
  webSocketOnly: true,
  handler: ([name], { node, requests, rpc }) => {
    const connection = rpc.connection!
    const held = explorerSubscriptionsOf(connection)
    if (held.size >= node.subscriptions.maxPerConnection) {
      throw new LimitExceededError(`too many subscriptions: at most ${node.subscriptions.maxPerConnection} per connection`)
    }
    const id = newExplorerSubscriptionId()
    const send = (result: unknown) => connection.notify({ jsonrpc: '2.0', method: 'sim_subscription', params: { subscription: id, result } })
    let stop: () => void
    if (name === 'requests') {
      if (!requests) throw new ServerError('this network records no requests')
      // Sent on the next turn, as eth_subscribe's: the answer carrying the id goes first.
      stop = requests.listen((record) => setImmediate(() => held.has(id) && send(record)))
    } else {
      stop = chainFeedOf(node).listen(send)
    }
    held.set(id, stop)
    connection.onClose(() => {
      held.delete(id)
      stop()
    })
    return id
  },
})
