import { setLengthLeft } from '../../evm/index.ts'
import { accountSetter } from '../accountSetter.ts'
import { hardhatTwin, returns } from '../defineMethod.ts'
import { address, data } from '../schemas.ts'
import { storageSlot } from '../storageSlot.ts'

const word = data.refine((bytes) => bytes.length <= 32, 'expected at most 32 bytes')

export const anvil_setStorageAt = accountSetter({
  name: 'anvil_setStorageAt',
  description: "Sets one storage slot on the head's state; `true`.",
  params: [address, storageSlot, word],
  result: returns<true>(),
  answer: true,
  change: ([account, key, value]) => ({ address: account, storage: [[key, setLengthLeft(value, 32)]] }),
})

export const hardhat_setStorageAt = hardhatTwin(anvil_setStorageAt, 'true')
