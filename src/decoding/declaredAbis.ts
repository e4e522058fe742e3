import { parseAbi } from 'viem'
import type { Abi } from 'viem'
import { formatAbiItem } from 'viem/utils'
import type { NamedAbi } from './abiDecoder.ts'
import { AbiDeclarationError } from './errors.ts'

/**
 * An ABI as a scenario declares it: Solidity-style lines (`event Transfer(address indexed from, address
 * indexed to, uint256 value)`, `function transfer(address to, uint256 amount)`, `error Unauthorized(address)`),
 * JSON ABI entries as solc writes them, or both. viem reads both forms.
 */
export function parseDeclaredAbi(name: string, entries: readonly unknown[]): NamedAbi {
  const abi: Abi[number][] = []
  entries.forEach((entry, index) => {
    try {
      if (typeof entry === 'string') {
        abi.push(...(parseAbi([entry] as readonly string[]) as Abi))
        return
      }
      const item = entry as Abi[number]
      // Reading it back is the check: viem throws on an entry it could not use.
      formatAbiItem(item as Parameters<typeof formatAbiItem>[0])
      abi.push(item)
    } catch (error) {
      throw new AbiDeclarationError(index, (error as { shortMessage?: string }).shortMessage ?? (error as Error).message.split('\n')[0] ?? 'not an ABI entry')
    }
  })
  return { name, abi }
}
