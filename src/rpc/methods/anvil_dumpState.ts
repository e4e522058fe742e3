import { dumpNetwork } from '../../persistence/networkDump.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'
import { boolean } from '../schemas.ts'

/**
 * anvil_dumpState [preserveHistoricalStates?]: the network as hex of a gzip-compressed chainsim state file
 * (every block, pool, clock, keys, state set on accounts), for anvil_loadState here or in a later run. Every
 * block is always kept, so Anvil's flag changes nothing.
 */
export const anvil_dumpState: MethodHandler = withParams([boolean.optional()], async (_params, { node }) => {
  return toData(await dumpNetwork(node))
})
