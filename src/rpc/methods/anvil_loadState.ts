import { loadNetworkDump } from '../../persistence/networkDump.ts'
import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { data } from '../schemas.ts'

/**
 * anvil_loadState [state]: a dump (gzip-compressed or plain JSON, as hex) in chainsim's form makes the network it
 * holds this network: every block is executed again and checked first, then the chain is replaced and clients are
 * told as by a reorg back to genesis. Anvil's state JSON (its anvil_dumpState, `anvil --dump-state`) is merged
 * into the head's state as Anvil merges it. `true`, as Anvil.
 */
export const anvil_loadState = defineMethod({
  name: 'anvil_loadState',
  description:
    "Loads a dump: chainsim's replaces the chain (every block executed again and checked); Anvil's state JSON sets its accounts on the head, as Anvil merges it.",
  params: [data],
  result: returns<true>(),
  writes: true,
  control: true,
  faultyArgument: { stateFile: 0 },
  handler: async ([state], { node }) => {
    await loadNetworkDump(node, state)
    return true as const
  },
})

export const hardhat_loadState = hardhatTwin(anvil_loadState, 'true')
