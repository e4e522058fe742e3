import { InvalidParamsError, InvalidRequestError, ServerError, ThroughputExceededError } from '../../errors.ts'
import type { BlockRange, LogLimits } from '../../logs/index.ts'
import { toQuantity } from '../formatters/hex.ts'
import type { ProviderShape } from './providerShape.ts'

/**
 * Alchemy. The rule and its words are Alchemy's -32602 as ethers-io/ethers.js#4703 quotes it and Ponder's
 * getLogsRetryHelper and Envio's RpcSource parse it: "Log response size exceeded. You can make eth_getLogs requests
 * with up to a 2K block range and no limit on the response size, or you can request any block range with a cap
 * of 10K logs in the response. Based on your parameters and the response size limit, this block range should
 * work: [0x0, 0xd043b8]" (sent with HTTP 200: Ponder's live test gets an RpcError, not an HttpRequestError).
 * Answers are capped at 150 MB (Alchemy's eth_getLogs reference). A timeout is -32000 `Query timeout exceeded.
 * Consider reducing your block range...` with HTTP 400, and a hard range cap (the free tier's) -32600 `Under the
 * Free tier plan, you can make eth_getLogs requests with up to a 10 block range...` with HTTP 400, both as
 * retry helpers quote them; neither documents its threshold, so the timeout is Infura's 10 s and the range cap
 * is off. Too many addresses or topics in one position is geth's -32000 text, which eRPC's error normalizer lists
 * for Alchemy. Compute units: Alchemy's compute-unit cost table (throughput units where it gives them:
 * eth_sendRawTransaction 250, eth_getBlockReceipts 500; each method's price is in its declaration's
 * `cost.alchemy`), 500 CU/s on the free tier over a 10-second bucket, and the 429 body of its throughput page.
 */
export const alchemy: ProviderShape = {
  limits: { maxLogResults: 10_000, uncappedBlockRange: 2_000, queryTimeoutMs: 10_000, maxParamsPerPosition: 1_000 },
  maxResponseBytes: 150_000_000,
  words: {
    tooManyParameters: () => new ServerError('exceed max addresses or topics per search position'),
    rangeTooWide: ({ limit }, { suggestion }) =>
      new InvalidRequestError(
        `Under the Free tier plan, you can make eth_getLogs requests with up to a ${limit} block range. Based on your parameters, this block range should work: ${range(suggestion)}. Upgrade to PAYG for expanded block range.`,
        { httpStatus: 400 },
      ),
    tooManyResults: (_, { suggestion, limits }) => sizeExceeded(limits, suggestion),
    responseTooLarge: (_, { suggestion }) => sizeExceeded({}, suggestion),
    timeout: (_, { suggestion }) =>
      new ServerError(
        `Query timeout exceeded. Consider reducing your block range. Based on your parameters and the response size limit, this block range should work: ${range(suggestion)}`,
        { httpStatus: 400 },
      ),
  },
  throughput: {
    unitsPerSecond: 500,
    burstSeconds: 10,
    priced: 'alchemy',
    defaultUnits: 20,
    refusal: () =>
      new ThroughputExceededError(
        'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput',
        { httpStatus: 429 },
      ),
  },
}

/** Alchemy's -32602, naming its two caps when both hold (`2K`, `10K`, as it writes them). */
function sizeExceeded(limits: LogLimits, suggestion: BlockRange): InvalidParamsError {
  const { maxLogResults: resultCap, uncappedBlockRange: uncapped } = limits
  const rule =
    resultCap !== undefined && uncapped !== undefined
      ? ` You can make eth_getLogs requests with up to a ${thousands(uncapped)} block range and no limit on the response size, or you can request any block range with a cap of ${thousands(resultCap)} logs in the response.`
      : ''
  return new InvalidParamsError(
    `Log response size exceeded.${rule} Based on your parameters and the response size limit, this block range should work: ${range(suggestion)}`,
  )
}

function range({ from, to }: BlockRange): string {
  return `[${toQuantity(from)}, ${toQuantity(to)}]`
}

/** `2000` → `2K`, as Alchemy writes round thousands. */
function thousands(n: number): string {
  return n % 1000 === 0 ? `${n / 1000}K` : String(n)
}
