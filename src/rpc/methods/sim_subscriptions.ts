import { defineMethod, returns } from '../defineMethod.ts'
import type { SubscriptionList } from '../explorerAnswers.ts'
import { afterPage } from '../pageSchemas.ts'
import { formatMatchCriteria } from '../formatters/explorer.ts'

/**
 * sim_subscriptions [{after?, limit?}]: the open eth_subscribe subscriptions with ids after `after`, oldest
 * first (default 100, at most 1000): kind, criteria of a `logs` one, the connection and client name that hold
 * it, when it was made and how many notifications it has been sent.
 */
export const sim_subscriptions = defineMethod({
  name: 'sim_subscriptions',
  description: 'The open eth_subscribe subscriptions (a page): kind, criteria, connection, client, notifications sent.',
  params: [afterPage(1000, 100)],
  result: returns<SubscriptionList>(),
  control: true,
  handler: async ([{ after, limit }], { node }) => ({
    total: node.subscriptions.size,
    subscriptions: node.subscriptions.list(after ?? 0n, limit).map(({ id, request, owner, createdAt, notified }) => ({
      id,
      kind: request.kind,
      criteria: request.kind === 'logs' ? formatMatchCriteria(request.criteria) : null,
      connection: owner?.connection ?? null,
      client: owner?.client ?? null,
      createdAt,
      notified,
    })),
  }),
})
