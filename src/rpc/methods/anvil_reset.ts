import { z } from 'zod'
import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'

// viem's reset() sends `{forking: {blockNumber: null}}` (no URL): a reset of the network itself.
const resetOptions = z
  .object(
    {
      forking: z
        .object({ jsonRpcUrl: z.string({ error: 'expected string' }).optional(), blockNumber: z.unknown().optional() }, { error: 'expected object' })
        .nullable()
        .optional(),
    },
    { error: 'expected object' },
  )
  .nullable()

/**
 * anvil_reset [options?]: the network as it started (see `ChainNode.reset`); a forked network goes back to its
 * fork block, on the upstream state it forked (what is cached stays cached). chainsim does not fork another
 * chain or block on a reset: options naming a URL, or a block other than a fork's own fork block, are refused.
 */
export const anvil_reset = defineMethod({
  name: 'anvil_reset',
  description: 'The network as it started (a fork: back to its fork block); forking another chain or block is refused.',
  params: [resetOptions.optional()],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([options], { node }) => {
    const forking = options?.forking
    const fork = node.fork?.origin
    if (forking?.jsonRpcUrl !== undefined) {
      throw new InvalidParamsError(
        fork
          ? 'invalid argument 0: forking another chain is not supported: restart chainsim with --fork-url'
          : 'invalid argument 0: forking another chain is not supported',
      )
    }
    if (forking?.blockNumber !== undefined && forking.blockNumber !== null) {
      if (!fork) throw new InvalidParamsError('invalid argument 0: a fork block number needs a forked chain, and this network is not one')
      if (blockNumberOf(forking.blockNumber) !== fork.blockNumber) {
        throw new InvalidParamsError(
          `invalid argument 0: this network forks block ${fork.blockNumber}; forking another block is not supported: restart chainsim with --fork-block`,
        )
      }
    }
    await node.reset()
    return null
  },
})

export const hardhat_reset = hardhatTwin(anvil_reset, 'true')

/** A block number as viem and Hardhat send it: a JSON number, or a decimal or 0x-hex string. */
function blockNumberOf(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(value)) return BigInt(value)
  return undefined
}
