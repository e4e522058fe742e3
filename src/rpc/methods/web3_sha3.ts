import type { MethodHandler } from '../methodContext.ts'
import { withParams } from '../withParams.ts'
import { toData } from '../formatters/hex.ts'
import { keccak256 } from '../../evm/index.ts'
import { data } from '../schemas.ts'

/** web3_sha3 [data]: the keccak-256 of the bytes (not of their hex text), as geth. */
export const web3_sha3: MethodHandler = withParams([data], ([input]) => toData(keccak256(input)))
