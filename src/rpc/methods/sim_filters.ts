import { defineMethod, returns } from '../defineMethod.ts'
import type { FilterList } from '../explorerAnswers.ts'
import { afterPage } from '../pageSchemas.ts'
import { formatLogCriteria } from '../formatters/explorer.ts'

/**
 * sim_filters [{after?, limit?}]: the installed filters with ids after `after`, oldest first (default 100, at
 * most 1000): kind, criteria, when installed and last polled, when it expires, and how many changes wait for
 * its next poll. Listing is not a poll: nothing is drained and no expiry moves.
 */
export const sim_filters = defineMethod({
  name: 'sim_filters',
  description: 'The installed filters (a page): kind, criteria, last poll, expiry, and how many changes wait.',
  params: [afterPage(1000, 100)],
  result: returns<FilterList>(),
  control: true,
  handler: async ([{ after, limit }], { node }) =>
    node.consistentRead(() => ({
      total: node.filters.size,
      filters: node.filters.list(after ?? 0n, limit).map((filter) => ({
        id: filter.id,
        kind: filter.kind,
        criteria: filter.criteria ? formatLogCriteria(filter.criteria) : null,
        installedAt: filter.installedAt,
        lastPolledAt: filter.lastPolledAt,
        expiresAt: filter.expiresAt,
        waiting: filter.waiting,
      })),
    })),
})
