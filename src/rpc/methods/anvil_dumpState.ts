import type { Hex } from 'viem'
import { dumpNetwork } from '../../persistence/networkDump.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { boolean } from '../schemas.ts'

/**
 * anvil_dumpState [preserveHistoricalStates?]: the network as hex of a gzip-compressed chainsim state file
 * (every block, pool, clock, keys, state set on accounts), for anvil_loadState here or in a later run. Every
 * block is always kept, so Anvil's flag changes nothing.
 */
export const anvil_dumpState = defineMethod({
  name: 'anvil_dumpState',
  description: 'The network as hex of a gzip-compressed state file (every block, pool, clock, keys), for anvil_loadState.',
  params: [boolean.optional()],
  result: returns<Hex>(),
  control: true,
  handler: async (_params, { node }) => toData(await dumpNetwork(node)),
})
