import { concat, keccak256, serializeTransaction, toRlp } from 'viem'
import type { Hex } from 'viem'

/**
 * The hash Anvil gives an impersonated EIP-1559 transaction, computed by viem from the transaction as a node
 * answers it: the typed encoding with Anvil's bypass signature (r = s = 0, y parity 0), as an RLP string,
 * followed by the sender.
 */
export function anvilImpersonatedHash(tx: Record<string, string>, chainId: number): Hex {
  const unsigned = serializeTransaction({
    type: 'eip1559',
    chainId,
    nonce: Number(tx.nonce),
    to: tx.to as Hex,
    data: tx.input as Hex,
    value: BigInt(tx.value as string),
    gas: BigInt(tx.gas as string),
    maxFeePerGas: BigInt(tx.maxFeePerGas as string),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas as string),
    r: '0x0',
    s: '0x0',
    yParity: 0,
  })
  return keccak256(concat([toRlp(unsigned), tx.from as Hex]))
}
