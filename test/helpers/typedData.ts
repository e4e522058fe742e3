import { getTypesForEIP712Domain, serializeTypedData, type TypedDataDefinition } from 'viem'

/**
 * Typed data as a wallet receives it from viem's signTypedData: with its EIP712Domain type, as JSON text
 * (bigints as decimal strings, addresses in lower case).
 */
export function wireTypedData(typedData: TypedDataDefinition): string {
  const types = { EIP712Domain: getTypesForEIP712Domain({ domain: typedData.domain }), ...typedData.types }
  return serializeTypedData({ ...typedData, types } as Parameters<typeof serializeTypedData>[0])
}
