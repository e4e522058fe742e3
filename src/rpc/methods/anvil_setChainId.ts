import type { Hex } from 'viem'
import type { z } from 'zod'
import { uint64OrNumber } from '../controlSchemas.ts'
import { defineMethod, returns } from '../defineMethod.ts'

// ethereumjs keeps a chain id as a JavaScript number; a network's configured one is at least 1 as well.
const chainId = uint64OrNumber.refine((id) => id >= 1n && id <= BigInt(Number.MAX_SAFE_INTEGER), {
  error: `expected a chain id from 1 to ${Number.MAX_SAFE_INTEGER}`,
}) as unknown as z.ZodType<bigint, Hex | number>

export const anvil_setChainId = defineMethod({
  name: 'anvil_setChainId',
  description: 'The chain id from now on: eth_chainId, net_version, CHAINID, eth_sendTransaction signs for it and eth_sendRawTransaction takes only it.',
  params: [chainId],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([id], { node }) => {
    await node.settings.setChainId(id)
    return null
  },
})
