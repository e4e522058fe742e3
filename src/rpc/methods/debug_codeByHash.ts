import type { Hex } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData } from '../formatters/hex.ts'
import { blockTagOrHash, hash32 } from '../schemas.ts'

// Anvil answers "0x" for a hash it has no code for (revm's empty bytecode); chainsim answers null, as reth's
// debug_codeByHash does, so that no code and the empty code can be told apart.
export const debug_codeByHash = defineMethod({
  name: 'debug_codeByHash',
  description: 'Code by its keccak hash, from the state at a block (latest when omitted); null when no account has it.',
  params: [hash32, blockTagOrHash.optional()],
  result: returns<Hex | null>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  handler: async ([codeHash, ref], { node }) => {
    const code = node.execution.codeByHash(await resolveStateBlock(node, ref ?? 'latest'), codeHash)
    return code === undefined ? null : toData(code)
  },
})
