import { ServerError } from '../errors.ts'
import type { CallFrame } from '../evm/index.ts'
import { callTreeOfTransaction } from '../stateReads/callTrees.ts'
import type { MethodContext } from './methodContext.ts'

/** A mined transaction's call tree, for the methods that refuse any other with Anvil's -32000 `transaction not found`. */
export async function minedCallTree(node: MethodContext['node'], hash: Uint8Array): Promise<CallFrame> {
  const found = node.chain.transaction(hash)
  if (!found) throw new ServerError('transaction not found')
  return callTreeOfTransaction(node.execution, found.block, found.index)
}
