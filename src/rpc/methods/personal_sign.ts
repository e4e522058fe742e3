import type { Hex } from 'viem'
import { z } from 'zod'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { address, data } from '../schemas.ts'

// geth's personal_sign takes the key's password third; a dev account has none, so it is accepted and unused.
const password = z.string({ error: 'expected string' })

export const personal_sign = defineMethod({
  name: 'personal_sign',
  description: 'eth_sign with its arguments the other way round (what wallets call); a password is accepted and unused.',
  params: [data, address, password.optional()],
  result: returns<Hex>(),
  handler: async ([message, account], { node }) => toData(await node.signing.signMessage(account, message)),
})
