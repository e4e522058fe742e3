import { InvalidParamsError, ServerError } from '../../errors.ts'
import type { BlockSelector } from '../../chain/types.ts'
import type { MethodHandler } from '../methodContext.ts'
import { parseLogFilter } from '../logFilter.ts'

/**
 * eth_newFilter: installs a log filter and returns its id. The checks of eth_getLogs apply,
 * except that the range may end in the future: its logs arrive as they are mined.
 */
export const eth_newFilter: MethodHandler = (params, { node, limits }) => {
  const spec = parseLogFilter('eth_newFilter', params, limits)
  if (spec.blockHash && !node.chain.blockByHash(spec.blockHash)) throw new ServerError('unknown block')
  if (spec.fromBlock === 'pending' && spec.toBlock !== 'pending') throw new InvalidParamsError('invalid block range params')
  // Reversed once tags are resolved now, unless the end moves forward with the chain
  // (latest, safe, finalized, pending): a range may end in the future, never before it starts.
  const fixedEnd = typeof spec.toBlock === 'bigint' || spec.toBlock === 'earliest'
  if (fixedEnd && spec.fromBlock !== 'pending') {
    const resolve = (tag: BlockSelector) => (typeof tag === 'bigint' ? tag : node.chain.tagNumber(tag))
    if (resolve(spec.fromBlock) > resolve(spec.toBlock)) throw new InvalidParamsError('invalid block range params')
  }
  return node.filters.newLogFilter(spec)
}
