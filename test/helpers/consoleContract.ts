import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import type { Abi, Hex } from 'viem'

const FIXTURES = fileURLToPath(new URL('../fixtures/console/', import.meta.url))

let compiled: { abi: Abi; bytecode: Hex } | undefined

/** test/fixtures/console/ConsoleDemo.sol compiled with solc-js (Prague, the dev chain's rules), once per test file. */
export function consoleDemo(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled
  const source = (name: string) => ({ content: readFileSync(`${FIXTURES}${name}`, 'utf8') })
  const input = {
    language: 'Solidity',
    sources: { 'ConsoleDemo.sol': source('ConsoleDemo.sol'), 'console.sol': source('console.sol') },
    settings: { evmVersion: 'prague', outputSelection: { '*': { ConsoleDemo: ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const contract = output.contracts['ConsoleDemo.sol']?.['ConsoleDemo']
  if (!contract) throw new Error('ConsoleDemo did not compile')
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  return compiled
}
