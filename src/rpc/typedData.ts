import { z } from 'zod'
import type { TypedData } from '../accounts/typedData.ts'

const structField = z.object({ name: z.string({ error: 'expected string' }), type: z.string({ error: 'expected string' }) })

const typedDataObject = z.object(
  {
    types: z.record(z.string(), z.array(structField, { error: 'expected array of {name, type}' }), { error: 'expected object' }),
    primaryType: z.string({ error: 'expected string' }),
    domain: z.record(z.string(), z.unknown(), { error: 'expected object' }),
    message: z.record(z.string(), z.unknown(), { error: 'expected object' }),
  },
  { error: 'expected EIP-712 typed data object' },
)

/**
 * EIP-712 typed data as eth_signTypedData_v4 takes it: the object, or its JSON text (what viem and
 * MetaMask send). Only the shape is checked here; values against their types when it is hashed.
 */
export const typedData = z.unknown().transform((input, ctx): TypedData => {
  let value = input
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input)
    } catch {
      ctx.addIssue('typed data is not valid JSON')
      return z.NEVER
    }
  }
  const parsed = typedDataObject.safeParse(value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  return z.NEVER
})
