import { StateUnavailable } from '../chain/errors.ts'
import type { ChainBlock } from '../chain/types.ts'
import type { ExecutedTransaction } from '../evm/index.ts'
import type { AbiDecoder } from './abiDecoder.ts'

/**
 * Where a transaction's contract code is read: a network's state after a block, and its head (the node, whose
 * type decoding does not import: decoding sits below the node).
 */
export interface CodeSource {
  readonly head: ChainBlock
  readonly execution: { stateAt(block: ChainBlock): { getCode(address: Uint8Array): Promise<Uint8Array> } }
}

/** The project's contract a transaction called or created. */
export interface TransactionContract {
  address: Uint8Array
  name: string
  created: boolean
}

/**
 * The contract `executed` created or called, named by the artifact its runtime code was deployed from, as the
 * code stood after the transaction's block (so a contract later replaced or destroyed keeps the name it had
 * then), or, for a block past the state window, as it stands at the head; undefined for a plain transfer or
 * an unknown code.
 */
export async function transactionContract(
  node: CodeSource,
  block: ChainBlock,
  executed: ExecutedTransaction,
  decoder: AbiDecoder,
): Promise<TransactionContract | undefined> {
  const created = executed.contractAddress !== undefined
  const address = executed.contractAddress ?? executed.signed.tx.to?.bytes
  if (!address) return undefined
  let code: Uint8Array
  try {
    code = await node.execution.stateAt(block).getCode(address)
  } catch (error) {
    if (!(error instanceof StateUnavailable)) throw error
    code = await node.execution.stateAt(node.head).getCode(address)
  }
  const artifact = decoder.contractOf(code)
  return artifact ? { address, name: artifact.name, created } : undefined
}
