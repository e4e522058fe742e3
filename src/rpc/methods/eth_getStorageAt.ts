import type { Hex } from 'viem'
import { setLengthLeft } from '../../evm/index.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'
import { storageSlot } from '../storageSlot.ts'

export const eth_getStorageAt = defineMethod({
  name: 'eth_getStorageAt',
  description: 'One 32-byte storage slot of an account at a block (latest when omitted).',
  params: [address, storageSlot, blockTagOrHash.optional()],
  result: returns<Hex>(),
  reads: { block: { param: 2, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  cost: { infura: 80, alchemy: 20 },
  handler: async ([account, slot, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const value = await node.execution.stateAt(block).getStorage(account, slot)
    return toData(setLengthLeft(value, 32))
  },
})
