import type { Hash } from 'viem'
import { defineMethod, returns } from '../defineMethod.ts'
import { toData } from '../formatters/hex.ts'
import { keccak256 } from '../../evm/index.ts'
import { data } from '../schemas.ts'

export const web3_sha3 = defineMethod({
  name: 'web3_sha3',
  description: 'The keccak-256 of the bytes (not of their hex text), as geth.',
  params: [data],
  result: returns<Hash>(),
  handler: ([input]) => toData(keccak256(input)),
})
