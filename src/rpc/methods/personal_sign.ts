import { z } from 'zod'
import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'
import { address, data } from '../schemas.ts'

// geth's personal_sign takes the key's password third; a dev account has none, so it is accepted and unused.
const password = z.string({ error: 'expected string' })

/** personal_sign [data, address, password?]: eth_sign with its arguments the other way round (what wallets call). */
export const personal_sign: MethodHandler = withParams([data, address, password.optional()], async ([message, account], { node }) => {
  return toData(await node.signing.signMessage(account, message))
})
