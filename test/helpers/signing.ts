import { createDevCommon, signTransaction } from '../../src/evm/index.ts'
import type { SignedTransaction, TypedTxData } from '../../src/evm/index.ts'
import type { ChainNode } from '../../src/node.ts'

/**
 * Signs `fields` with any key as a wallet outside the node would: under Prague's rules, which know every
 * transaction type but not Osaka's gas cap (EIP-7825), which a wallet does not apply either; the node decodes
 * the raw bytes itself on the way in, under its own rules.
 */
export function signFor(node: ChainNode, privateKey: Uint8Array, fields: TypedTxData): SignedTransaction {
  return signTransaction(fields, privateKey, createDevCommon(node.chainId, node.name, 'prague'))
}
