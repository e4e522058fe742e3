import type { Hex } from 'viem'
import { z } from 'zod'
import { bigIntToBytes, setLengthLeft } from '../evm/index.ts'

/** A storage slot as geth takes it: up to 32 bytes of hex, leading zeros allowed (unlike a quantity). */
export const storageSlot = z
  .string({ error: 'expected 0x-prefixed storage slot' })
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected 0x-prefixed hex storage slot of at most 32 bytes')
  .transform((slot) => setLengthLeft(bigIntToBytes(BigInt(slot)), 32)) as unknown as z.ZodType<Uint8Array, Hex>

/**
 * A storage key of eth_getProof: the slot, and whether it was given as a whole 32-byte word. geth answers such a
 * key as it was given and any shorter one as a quantity, so the proof's keys match the request's.
 */
export const proofStorageKey = z
  .string({ error: 'expected 0x-prefixed storage slot' })
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected 0x-prefixed hex storage slot of at most 32 bytes')
  .transform((key) => ({ slot: setLengthLeft(bigIntToBytes(BigInt(key)), 32), wholeWord: key.length === 66 })) as unknown as z.ZodType<
  { slot: Uint8Array; wholeWord: boolean },
  Hex
>
