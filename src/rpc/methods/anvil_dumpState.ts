import type { Hex } from 'viem'
import { z } from 'zod'
import { dumpNetwork } from '../../persistence/networkDump.ts'
import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { boolean } from '../schemas.ts'

const dumpFormat = z.enum(['chainsim', 'anvil'], { error: 'expected a dump format: "chainsim" or "anvil"' })

/**
 * anvil_dumpState [preserveHistoricalStates?, format?]: the network as hex of a gzip-compressed chainsim state file
 * (every block, pool, clock, keys, state set on accounts), for anvil_loadState here or in a later run; with
 * `"anvil"`, Anvil's state JSON of the head's accounts instead, which Anvil's anvil_loadState and `--load-state`
 * take. Every block is always kept, so Anvil's flag changes nothing.
 */
export const anvil_dumpState = defineMethod({
  name: 'anvil_dumpState',
  description:
    'The network as hex of a gzip-compressed state file (every block, pool, clock, keys), for anvil_loadState; with "anvil" as the second argument, Anvil\'s state JSON of the head\'s accounts.',
  params: [boolean.nullish(), dumpFormat.optional()],
  result: returns<Hex>(),
  control: true,
  handler: async ([, format], { node }) => toData(await dumpNetwork(node, format)),
})

/** Hardhat's node has no dump of its own; its planned one takes Anvil's (NomicFoundation/hardhat#3599). */
export const hardhat_dumpState = hardhatTwin(anvil_dumpState, 'same')
