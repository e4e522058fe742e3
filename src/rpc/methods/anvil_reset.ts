import { z } from 'zod'
import { InvalidParamsError } from '../../errors.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'

// viem's reset() sends `{forking: {blockNumber: null}}` (no URL): a reset of the network itself.
const resetOptions = z
  .object(
    {
      forking: z
        .object(
          { jsonRpcUrl: z.string({ error: 'expected string' }).optional(), blockNumber: z.unknown().optional() },
          { error: 'expected object' },
        )
        .nullable()
        .optional(),
    },
    { error: 'expected object' },
  )
  .nullable()

/**
 * anvil_reset [options?]: the network as it started (see `ChainNode.reset`). chainsim does not fork another
 * chain: options naming one (a URL or a block number) are refused.
 */
export const anvil_reset: MethodHandler = withParams([resetOptions.optional()], async ([options], { node }) => {
  const forking = options?.forking
  if (forking?.jsonRpcUrl !== undefined) throw new InvalidParamsError('invalid argument 0: forking another chain is not supported')
  if (forking?.blockNumber !== undefined && forking.blockNumber !== null) {
    throw new InvalidParamsError('invalid argument 0: a fork block number needs a forked chain, and this network is not one')
  }
  await node.reset()
  return null
})
