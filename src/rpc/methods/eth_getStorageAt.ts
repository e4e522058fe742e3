import { setLengthLeft } from '../../evm/index.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'
import { storageSlot } from '../storageSlot.ts'

/** eth_getStorageAt: one 32-byte storage slot of an account at a block (latest when omitted). */
export const eth_getStorageAt: MethodHandler = withParams(
  [address, storageSlot, blockTagOrHash.optional()],
  async ([account, slot, ref], { node }) => {
    const block = await resolveStateBlock(node, ref ?? 'latest')
    const value = await node.execution.stateAt(block).getStorage(account, slot)
    return toData(setLengthLeft(value, 32))
  },
)
