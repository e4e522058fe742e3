import { createDevCommon, signTransaction } from '../../src/evm/index.ts'
import type { SignedTransaction, TypedTxData } from '../../src/evm/index.ts'
import type { ChainNode } from '../../src/node.ts'

/**
 * Signs `fields` with any key under a dev network's rules, as a wallet outside the node would; the node
 * decodes the raw bytes itself on the way in.
 */
export function signFor(node: ChainNode, privateKey: Uint8Array, fields: TypedTxData): SignedTransaction {
  return signTransaction(fields, privateKey, createDevCommon(node.chainId, node.name))
}
