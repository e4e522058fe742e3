import { z } from 'zod'
import { InvalidParamsError } from '../../errors.ts'
import { keyOf } from '../../evm/index.ts'
import type { SignedTransaction } from '../../evm/index.ts'
import { decodeForAdmission } from '../../txpool/admission.ts'
import type { MethodHandler } from '../methodContext.ts'
import { transactionCall, toCallRequest } from '../callRequest.ts'
import { quantityOrNumber } from '../controlSchemas.ts'
import { boolean, data, parseParams } from '../schemas.ts'

const pair = z.tuple([z.union([data, transactionCall]), quantityOrNumber], {
  error: 'expected [transaction, blockIndex] pair: a raw signed transaction or a transaction request, and a block index',
})

/**
 * anvil_reorg [depth, [[tx, blockIndex], ...]?]: Anvil's reorg. The newest `depth` blocks are
 * replaced by as many new ones holding the given transactions (raw signed, or requests that a
 * dev account signs with nonces counted from the common ancestor); orphaned transactions are
 * dropped. A third parameter `force` allows going past `finalized` (chainsim's addition).
 */
export const anvil_reorg: MethodHandler = async (params, { node }) => {
  const [depth, pairs, force] = parseParams('anvil_reorg', [quantityOrNumber, z.array(pair).optional(), boolean.optional()], params)
  const ancestor = node.blockBySelector(node.head.number - depth)
  if (!ancestor) throw new InvalidParamsError(`invalid argument 0: depth ${depth} exceeds the chain height ${node.head.number}`)
  const nextNonce = new Map<string, bigint>()
  const placements: Array<{ transaction: SignedTransaction; blockIndex: number }> = []
  for (const [index, [tx, blockIndex]] of (pairs ?? []).entries()) {
    let transaction: SignedTransaction
    if (tx instanceof Uint8Array) {
      try {
        transaction = decodeForAdmission(tx, node.chain.engine.common)
      } catch (error) {
        throw new InvalidParamsError(`invalid argument 1: pair ${index}: ${(error as Error).message}`)
      }
    } else {
      if (!tx.from) throw new InvalidParamsError(`invalid argument 1: pair ${index}: missing "from"`)
      const key = keyOf(tx.from)
      const nonce = tx.nonce ?? nextNonce.get(key) ?? (await node.stateAt(ancestor).getNonce(tx.from))
      nextNonce.set(key, nonce + 1n)
      transaction = node.signWithDevAccount({ ...toCallRequest(tx), from: tx.from, nonce, gas: tx.gas ?? 100_000n })
    }
    placements.push({ transaction, blockIndex: Number(blockIndex) })
  }
  await node.anvilReorg(Number(depth), placements, force ?? false)
  return null
}
