import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { setLengthLeft } from '../../evm/index.ts'
import { ClientLimitExceededError, InvalidParamsError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { resolveStateBlock } from '../blockResolution.ts'
import { toData } from '../formatters/hex.ts'
import { address, blockTagOrHash } from '../schemas.ts'
import { storageSlot } from '../storageSlot.ts'

/** geth's cap on the slots of one request, counted over every account. */
export const MAX_STORAGE_SLOTS = 1024

const slotsByAccount = z
  .record(z.string(), z.array(storageSlot, { error: 'expected array of storage slots' }), { error: 'expected object of addresses to storage slots' })
  .transform((request, ctx) => {
    const accounts: Array<{ account: Uint8Array; slots: Uint8Array[] }> = []
    for (const [key, slots] of Object.entries(request)) {
      const parsed = address.safeParse(key)
      if (!parsed.success) {
        ctx.addIssue(`${key}: ${parsed.error.issues[0]?.message ?? 'expected 0x-prefixed address'}`)
        return z.NEVER
      }
      accounts.push({ account: parsed.data, slots })
    }
    return accounts
  }) as unknown as z.ZodType<Array<{ account: Uint8Array; slots: Uint8Array[] }>, Record<Address, Hex[]>>

export const eth_getStorageValues = defineMethod({
  name: 'eth_getStorageValues',
  description: `Many storage slots of many accounts (\`{[address]: slots}\`) at one block, each a 32-byte word (at most ${MAX_STORAGE_SLOTS} slots, as geth).`,
  params: [slotsByAccount, blockTagOrHash],
  result: returns<Record<Address, Hex[]>>(),
  reads: { block: { param: 1, kind: 'reference' }, state: true },
  lagged: true,
  fork: 'forwarded',
  countFirst: countSlotsFirst,
  handler: async ([accounts, ref], { node }) => {
    // geth refuses a request that asks for nothing; Anvil answers {}.
    if (accounts.every(({ slots }) => slots.length === 0)) throw new InvalidParamsError('invalid argument 0: empty request')
    const state = node.execution.stateAt(await resolveStateBlock(node, ref))
    const answer: Record<Address, Hex[]> = {}
    const sorted = accounts.map(({ account, slots }) => ({ key: toData(account) as Address, account, slots })).sort((a, b) => (a.key < b.key ? -1 : 1))
    for (const { key, account, slots } of sorted) {
      answer[key] = await Promise.all(slots.map(async (slot) => toData(setLengthLeft(await state.getStorage(account, slot), 32))))
    }
    return answer
  },
})

/** Counts the slots asked for on the JSON as it came, before any is decoded: each costs a storage read. */
function countSlotsFirst(params: readonly unknown[]): void {
  const request = params[0]
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return
  let count = 0
  for (const slots of Object.values(request)) if (Array.isArray(slots)) count += slots.length
  if (count > MAX_STORAGE_SLOTS) throw new ClientLimitExceededError(`too many slots: ${count} asked for, at most ${MAX_STORAGE_SLOTS}`)
}
