import type { ChainBlock } from '../chain/types.ts'
import type { ExecutedTransaction } from '../evm/index.ts'
import type { ChainNode } from '../node.ts'
import type { AbiDecoder } from './abiDecoder.ts'

/** The project's contract a transaction called or created. */
export interface TransactionContract {
  address: Uint8Array
  name: string
  created: boolean
}

/**
 * The contract `executed` created or called, named by the artifact its runtime code was deployed from, as the
 * code stood after the transaction's block (so a contract later replaced or destroyed keeps the name it had
 * then); undefined for a plain transfer, an unknown code, or a block whose state is past the state window.
 */
export async function transactionContract(
  node: ChainNode,
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
  } catch {
    return undefined
  }
  const artifact = decoder.contractOf(code)
  return artifact ? { address, name: artifact.name, created } : undefined
}
