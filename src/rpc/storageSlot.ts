import type { Hex } from 'viem'
import { z } from 'zod'
import { bigIntToBytes, setLengthLeft } from '../evm/index.ts'

/** A storage slot's text as geth takes it: up to 32 bytes of hex, leading zeros allowed (unlike a quantity). */
const slotText = z
  .string({ error: 'expected 0x-prefixed storage slot' })
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected 0x-prefixed hex storage slot of at most 32 bytes')

const slotBytes = (slot: string): Uint8Array => setLengthLeft(bigIntToBytes(BigInt(slot)), 32)

/** A storage slot, as its 32 bytes. */
export const storageSlot = slotText.transform(slotBytes) as unknown as z.ZodType<Uint8Array, Hex>

/**
 * A storage key of eth_getProof: the slot, and whether it was given as a whole 32-byte word. geth answers such a
 * key as it was given and any shorter one as a quantity, so the proof's keys match the request's.
 */
export const proofStorageKey = slotText.transform((key) => ({ slot: slotBytes(key), wholeWord: key.length === 66 })) as unknown as z.ZodType<
  { slot: Uint8Array; wholeWord: boolean },
  Hex
>
