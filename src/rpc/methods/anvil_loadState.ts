import { loadNetworkDump } from '../../persistence/networkDump.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { data } from '../schemas.ts'

/**
 * anvil_loadState [state]: makes a network dumped by anvil_dumpState (gzip-compressed or plain JSON, as hex)
 * this network: every block is executed again and checked first, then the chain is replaced and clients are
 * told as by a reorg back to genesis. `true`, as Anvil.
 */
export const anvil_loadState = defineMethod({
  name: 'anvil_loadState',
  description: 'Makes a network dumped by anvil_dumpState this one: every block executed again and checked, then the chain replaced.',
  params: [data],
  result: returns<true>(),
  writes: true,
  control: true,
  handler: async ([state], { node }) => {
    await loadNetworkDump(node, state)
    return true as const
  },
})
