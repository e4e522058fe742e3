import { setLengthLeft, bigIntToBytes } from '../../evm/index.ts'
import type { MethodHandler } from '../methodContext.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData } from '../formatters/hex.ts'
import { z } from 'zod'
import { address, blockTagOrHash, parseParams } from '../schemas.ts'

// geth takes a slot as up to 32 bytes of hex, leading zeros allowed (unlike a quantity).
const storageSlot = z
  .string({ error: 'expected 0x-prefixed storage slot' })
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected 0x-prefixed hex storage slot of at most 32 bytes')
  .transform((slot) => BigInt(slot))

/** eth_getStorageAt: one 32-byte storage slot of an account at a block (latest when omitted). */
export const eth_getStorageAt: MethodHandler = async (params, { node }) => {
  const [account, slot, ref] = parseParams('eth_getStorageAt', [address, storageSlot, blockTagOrHash.optional()], params)
  const block = await resolveStateBlock(node, ref ?? 'latest')
  const value = await node.stateAt(block).getStorage(account, setLengthLeft(bigIntToBytes(slot), 32))
  return toData(setLengthLeft(value, 32))
}
