import type { Hex } from 'viem'
import { setLengthLeft } from '../../evm/index.ts'
import { accountStateRead } from '../accountStateRead.ts'
import { returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'
import { storageSlot } from '../storageSlot.ts'

export const eth_getStorageAt = accountStateRead({
  name: 'eth_getStorageAt',
  description: 'One 32-byte storage slot of an account at a block (latest when omitted).',
  params: [address, storageSlot, blockTagOrHash.optional()],
  result: returns<Hex>(),
  read: async ([account, slot], stateAtBlock) => toData(setLengthLeft(await (await stateAtBlock()).getStorage(account, slot), 32)),
})
