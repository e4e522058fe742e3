import type { z } from 'zod'
import type { AccountChange } from '../evm/index.ts'
import { defineMethod } from './defineMethod.ts'
import type { Method, WireType } from './defineMethod.ts'
import type { ParamsOutput } from './schemas.ts'

/** An account setter as declared: its params (the account first), the change they make, the answer once made. */
export interface AccountSetterSpec<N extends string, S extends readonly z.ZodType[], R extends null | true> {
  name: N
  description: string
  params: S
  result: WireType<R>
  /** What the setter answers once the state is set: Anvil answers null, `true` for anvil_setStorageAt. */
  answer: R
  change: (params: ParamsOutput<S>) => AccountChange
}

/**
 * anvil_setBalance, anvil_setCode, anvil_setNonce and anvil_setStorageAt (and their Hardhat twins): one field of one
 * account set on the head's state, through the write queue, with no block mined. They differ only in the field.
 */
export function accountSetter<const N extends string, const S extends readonly z.ZodType[], R extends null | true>(
  spec: AccountSetterSpec<N, S, R>,
): Method<N, S, R> {
  const { answer, change, ...declared } = spec
  return defineMethod<N, S, R>({
    ...declared,
    writes: true,
    control: true,
    handler: async (params, { node }) => {
      await node.setAccountState([change(params)])
      return answer
    },
  })
}
