import { setLengthLeft } from '../../evm/index.ts'
import { defineMethod, hardhatTwin, returns } from '../defineMethod.ts'
import { address, data } from '../schemas.ts'
import { storageSlot } from '../storageSlot.ts'

const word = data.refine((bytes) => bytes.length <= 32, 'expected at most 32 bytes')

export const anvil_setStorageAt = defineMethod({
  name: 'anvil_setStorageAt',
  description: "Sets one storage slot on the head's state; `true`.",
  params: [address, storageSlot, word],
  result: returns<true>(),
  writes: true,
  control: true,
  handler: async ([account, key, value], { node }) => {
    await node.setAccountState([{ address: account, storage: [[key, setLengthLeft(value, 32)]] }])
    return true as const
  },
})

export const hardhat_setStorageAt = hardhatTwin(anvil_setStorageAt, 'true')
