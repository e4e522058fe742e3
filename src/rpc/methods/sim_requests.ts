import { z } from 'zod'
import { defineMethod, returns } from '../defineMethod.ts'
import type { RequestList } from '../explorerAnswers.ts'
import { cursor, pageLimit } from '../pageSchemas.ts'

const page = z
  .object({ before: cursor.optional(), limit: pageLimit(1000, 100) }, { error: 'expected {before?, limit?}' })
  .strict()
  .default({ limit: 100 })

/**
 * sim_requests [{before?, limit?}]: the last calls this network answered (the newest 1,000 are kept), newest
 * first, with `seq` below `before` (default 100, at most 1000): time, transport, client name, method, a params
 * summary, duration, answer size or error code and message, and whether an injected fault answered it.
 */
export const sim_requests = defineMethod({
  name: 'sim_requests',
  description: 'The last calls this network answered (a page, newest first): method, params, duration, size or error.',
  params: [page],
  result: returns<RequestList>(),
  control: true,
  handler: async ([{ before, limit }], { requests }) => ({
    total: requests?.total ?? 0,
    requests: requests?.page(before === undefined ? Number.MAX_SAFE_INTEGER : Number(before), limit) ?? [],
  }),
})
