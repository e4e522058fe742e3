import { setLengthLeft } from '../../evm/index.ts'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { address, data } from '../schemas.ts'
import { storageSlot } from '../storageSlot.ts'

const word = data.refine((bytes) => bytes.length <= 32, 'expected at most 32 bytes')

/** anvil_setStorageAt [address, slot, value]: sets one storage slot on the head's state; returns true. */
export const anvil_setStorageAt: MethodHandler = withParams(
  [address, storageSlot, word],
  async ([account, key, value], { node }) => {
    await node.setAccountState([{ address: account, storage: [[key, setLengthLeft(value, 32)]] }])
    return true
  },
)
