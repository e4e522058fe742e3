import { InvalidParamsError, LimitExceededError, ThroughputExceededError } from '../../errors.ts'
import { DEFAULT_LOG_LIMITS } from '../../logs/index.ts'
import { toQuantity } from '../formatters/hex.ts'
import { gethWords } from './geth.ts'
import type { ProviderShape } from './providerShape.ts'

/**
 * Infura, chainsim's default. Limits and words from Infura's eth_getLogs reference ("a maximum of 5,000
 * parameters", "10,000 results", "10 seconds"; -32005 `query returned more than 10000 results` and `query timeout
 * exceeded`); the suggested range in the message and in `data: {from, to, limit}` is Infura's live form, as
 * ethers-io/ethers.js#4703 quotes it and Ponder's getLogsRetryHelper parses it (`Try with this block range
 * [0x…, 0x…]`). Infura has no block-range cap by default; INFURA/infura#237 reports the live API refusing wide
 * ranges with -32602 `range 1000000 exceeds limit of 10000`, which is what `maxBlockRange` answers with here.
 * Credits: Infura's credit-cost table (MetaMask docs, services/get-started/pricing/credit-cost: 80 for most
 * reads, 255 for eth_getLogs, 80 by default; each method's price is in its declaration's `cost.infura`) and 500
 * credits a second on the Core plan; the 429 body is the one its "Avoid rate limiting" page shows.
 */
export const infura: ProviderShape = {
  limits: DEFAULT_LOG_LIMITS,
  words: {
    tooManyParameters: (refusal, context) =>
      refusal.perPosition
        ? gethWords.tooManyParameters(refusal, context)
        : new LimitExceededError(`query has ${refusal.count} parameters (addresses and topics), more than the limit of ${refusal.limit}`),
    rangeTooWide: ({ requested, limit }) => new InvalidParamsError(`range ${requested.to - requested.from} exceeds limit of ${limit}`),
    tooManyResults: ({ limit, suggestedRange }, { suggestion }) => {
      if (!suggestedRange) return new LimitExceededError(`query returned more than ${limit} results`, { data: { limit } })
      const from = toQuantity(suggestion.from)
      const to = toQuantity(suggestion.to)
      return new LimitExceededError(`query returned more than ${limit} results. Try with this block range [${from}, ${to}].`, {
        data: { from, to, limit },
      })
    },
    timeout: () => new LimitExceededError('query timeout exceeded'),
  },
  throughput: {
    unitsPerSecond: 500,
    burstSeconds: 1,
    priced: 'infura',
    defaultUnits: 80,
    refusal: () =>
      new ThroughputExceededError('Too Many Requests', {
        httpStatus: 429,
        members: {
          event: -33200,
          details: 'You have surpassed your allowed throughput limit. Reduce the amount of requests per second or upgrade for more capacity.',
        },
      }),
  },
}
