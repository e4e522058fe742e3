import { z } from 'zod'
import { LimitExceededError, MethodNotFoundError } from '../../errors.ts'
import type { SubscriptionEvent, SubscriptionRequest } from '../../filters/subscriptions.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { subscriptionsOf } from '../connectionSubscriptions.ts'
import { toData } from '../formatters/hex.ts'
import { formatHeader } from '../formatters/header.ts'
import { formatLog } from '../formatters/log.ts'
import { formatTransaction } from '../formatters/transaction.ts'
import { logFilterObject, parseLogFilter } from '../logFilter.ts'
import { boolean, parseParams } from '../schemas.ts'

const NAMES = ['newHeads', 'logs', 'newPendingTransactions'] as const
const kind = z.string({ error: 'expected subscription name: newHeads, logs or newPendingTransactions' })

/** What eth_subscribe takes, for the docs and types: a name, then a `logs` filter or `newPendingTransactions`' full flag. */
const wireParams = [z.enum(NAMES), z.union([logFilterObject, boolean]).nullish()] as const

/**
 * eth_subscribe (WebSocket only): `newHeads`, `logs` (address/topics; removed logs after a
 * reorg), `newPendingTransactions` (hashes, or full transactions with `true`). Notifications
 * start after the answer carrying the id has been sent; the subscription ends with its connection.
 */
export const eth_subscribe = defineMethod({
  name: 'eth_subscribe',
  description: 'WebSocket only: `newHeads`, `logs` (removed logs after a reorg), `newPendingTransactions`; its id.',
  params: wireParams,
  result: returns<string>(),
  cost: { infura: 5, alchemy: 10 },
  // The connection is checked before the params (as geth); each name takes its own.
  webSocketOnly: true,
  parsesOwnParams: true,
  handler: (params, { method, node, profile, rpc }) => {
    const connection = rpc.connection!
    const [given] = parseParams(method, [kind], params.slice(0, 1))
    // A name that is not served is an unknown method of the namespace, in geth's words and code.
    const name = NAMES.find((served) => served === given)
    if (name === undefined) throw new MethodNotFoundError(`no ${JSON.stringify(given)} subscription in eth namespace`)
    const held = subscriptionsOf(connection)
    if (held.size >= node.subscriptions.maxPerConnection) {
      throw new LimitExceededError(`too many subscriptions: at most ${node.subscriptions.maxPerConnection} per connection`)
    }
    let request: SubscriptionRequest
    let fullTransactions = false
    if (name === 'logs') {
      // No criteria, or null (geth reads null as the empty filter): every log.
      const spec = parseLogFilter(method, params[1] === undefined || params[1] === null ? [{}] : params.slice(1, 2), profile)
      request = { kind: 'logs', criteria: { addresses: spec.addresses, topics: spec.topics } }
    } else if (name === 'newPendingTransactions') {
      const [full] = parseParams(method, [boolean.optional()], params.slice(1))
      fullTransactions = full ?? false
      request = { kind: 'newPendingTransactions' }
    } else {
      parseParams(method, [], params.slice(1))
      request = { kind: 'newHeads' }
    }
    const format = (event: SubscriptionEvent): unknown => {
      switch (event.kind) {
        case 'newHead':
          return formatHeader(event.block.toBlock())
        case 'log':
          return formatLog(event.log, event.removed)
        case 'pendingTransaction':
          return fullTransactions ? formatTransaction(event.transaction) : toData(event.transaction.hash)
      }
    }
    let buffered: SubscriptionEvent[] | undefined = []
    const send = (event: SubscriptionEvent) =>
      connection.notify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: id, result: format(event) } })
    const owner = rpc.client === undefined ? { connection: connection.id } : { connection: connection.id, client: rpc.client }
    const released = new Promise<void>((resolve) =>
      setImmediate(() => {
        const pending = buffered ?? []
        buffered = undefined
        for (const event of pending) send(event)
        resolve()
      }),
    )
    const delivered = async () => {
      await released
      await connection.flushed?.()
    }
    const id = node.subscriptions.subscribe(request, (event) => (buffered ? buffered.push(event) : send(event)), { owner, delivered })
    held.add(id)
    connection.onClose(() => node.subscriptions.unsubscribe(id))
    return id
  },
})
