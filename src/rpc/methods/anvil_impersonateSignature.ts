import type { Address, Hex } from 'viem'
import { z } from 'zod'
import { InvalidParamsError } from '../../errors.ts'
import { defineMethod, returns } from '../defineMethod.ts'
import { address, data } from '../schemas.ts'

const METHOD = 'anvil_impersonateSignature'

// ecrecover can only ever be asked for r ‖ s ‖ v: a signature of any other length would be registered and never match.
const signature = data.refine((bytes) => bytes.length === 65, { error: 'expected a 65-byte signature (r ‖ s ‖ v)' })

/**
 * Anvil 1.7.1 takes its two values as one tuple, `[[signature, address]]`; Foundry's own client and the
 * method's documented form send them flat, `[signature, address]`. Both are taken.
 */
const signatureOrPair = z.unknown().transform((input, ctx): { signature: Uint8Array; address?: Uint8Array } => {
  if (Array.isArray(input) && input.length !== 2) {
    ctx.addIssue(`expected a signature, or a pair [signature, address]; got ${input.length} values`)
    return z.NEVER
  }
  const parsed = Array.isArray(input) ? z.tuple([signature, address]).safeParse(input) : signature.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    ctx.addIssue(`${Array.isArray(input) && issue?.path.length ? `[${issue.path.join('.')}]: ` : ''}${issue?.message ?? 'expected a signature'}`)
    return z.NEVER
  }
  return Array.isArray(parsed.data) ? { signature: parsed.data[0], address: parsed.data[1] } : { signature: parsed.data as Uint8Array }
}) as unknown as z.ZodType<{ signature: Uint8Array; address?: Uint8Array }, Hex | [Hex, Address]>

export const anvil_impersonateSignature = defineMethod({
  name: METHOD,
  description: 'The ecrecover precompile answers the address for this signature (r ‖ s ‖ v) in every block and call from now on.',
  params: [signatureOrPair, address.optional()],
  result: returns<null>(),
  writes: true,
  control: true,
  handler: async ([pair, flatAddress], { node }) => {
    const account = pair.address ?? flatAddress
    if (account === undefined) throw new InvalidParamsError(`missing value for required argument 1 of ${METHOD}`)
    await node.settings.impersonateSignature(pair.signature, account)
    return null
  },
})
