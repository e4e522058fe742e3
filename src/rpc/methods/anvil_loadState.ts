import { loadNetworkDump } from '../../persistence/networkDump.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { data } from '../schemas.ts'

/**
 * anvil_loadState [state]: makes a network dumped by anvil_dumpState (gzip-compressed or plain JSON, as hex)
 * this network: every block is executed again and checked first, then the chain is replaced and clients are
 * told as by a reorg back to genesis. `true`, as Anvil.
 */
export const anvil_loadState: MethodHandler = withParams([data], async ([state], { node }) => {
  await loadNetworkDump(node, state)
  return true
})
