import { LimitExceededError, RequestTimedOutError, ResponseTooLargeError, ServerError } from '../../errors.ts'
import type { LimitWords, ProviderShape } from './providerShape.ts'

/**
 * geth's own words, and the words of every provider for a limit it does not word itself. geth caps only the
 * values of one position (eth/filters: `maxSubTopics = 1000`, -32000 `exceed max addresses or topics per search
 * position`); it has no result cap and no deadline of its own. When one is configured anyway: a range cap is
 * worded as geth-family nodes (BSC, Erigon) word theirs, -32000 `exceed maximum block range: N`; a deadline as
 * geth's RPC server answers a call that outlasts it, -32002 `request timed out`; a response size cap as geth's
 * -32003 `response too large`; a result cap and a total parameter cap as Infura words them, without a range.
 */
export const gethWords: Required<LimitWords> = {
  tooManyParameters: ({ perPosition, count, limit }) =>
    perPosition
      ? new ServerError('exceed max addresses or topics per search position')
      : new LimitExceededError(`query has ${count} parameters (addresses and topics), more than the limit of ${limit}`),
  rangeTooWide: ({ limit }) => new ServerError(`exceed maximum block range: ${limit}`),
  tooManyResults: ({ limit }) => new LimitExceededError(`query returned more than ${limit} results`, { data: { limit } }),
  timeout: () => new RequestTimedOutError('request timed out'),
  responseTooLarge: () => new ResponseTooLargeError('response too large'),
}

export const geth: ProviderShape = {
  limits: { maxParamsPerPosition: 1_000 },
  words: gethWords,
}
