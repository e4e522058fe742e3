import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import type { Abi, Hex } from 'viem'

const SOURCE = fileURLToPath(new URL('../fixtures/artifacts/Bank.sol', import.meta.url))

interface SolcContract {
  abi: Abi
  evm: {
    bytecode: { object: string; linkReferences: object }
    deployedBytecode: { object: string; linkReferences: object; immutableReferences: Record<string, Array<{ start: number; length: number }>> }
  }
}

let compiled: Record<string, SolcContract> | undefined

/** test/fixtures/artifacts/Bank.sol compiled with solc-js (Prague), once per test file. */
export function compileBank(): Record<'Bank' | 'Ledger', SolcContract> {
  if (!compiled) {
    const input = {
      language: 'Solidity',
      sources: { 'Bank.sol': { content: readFileSync(SOURCE, 'utf8') } },
      settings: { evmVersion: 'prague', outputSelection: { '*': { '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode'] } } },
    }
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
      errors?: Array<{ severity: string; formattedMessage: string }>
      contracts: Record<string, Record<string, SolcContract>>
    }
    const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
    if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
    compiled = output.contracts['Bank.sol'] as Record<string, SolcContract>
  }
  return compiled as Record<'Bank' | 'Ledger', SolcContract>
}

/** The creation code of a compiled contract. */
export function creationCode(name: 'Bank' | 'Ledger'): Hex {
  return `0x${compileBank()[name].evm.bytecode.object}`
}

/**
 * Writes `names` as `forge build` lays them out: `<out>/Bank.sol/<Name>.json` with the ABI and both bytecodes as
 * `{object, linkReferences, immutableReferences}` objects, beside a build-info folder that is not an artifact.
 */
export function writeFoundryOut(out: string, names: ReadonlyArray<'Bank' | 'Ledger'>): void {
  mkdirSync(join(out, 'Bank.sol'), { recursive: true })
  mkdirSync(join(out, 'build-info'), { recursive: true })
  writeFileSync(join(out, 'build-info', 'a1b2c3.json'), JSON.stringify({ id: 'a1b2c3', source_id_to_path: { 0: 'src/Bank.sol' } }))
  for (const name of names) {
    const { abi, evm } = compileBank()[name]
    const artifact = {
      abi,
      bytecode: { object: `0x${evm.bytecode.object}`, linkReferences: evm.bytecode.linkReferences },
      deployedBytecode: {
        object: `0x${evm.deployedBytecode.object}`,
        linkReferences: evm.deployedBytecode.linkReferences,
        immutableReferences: evm.deployedBytecode.immutableReferences,
      },
      methodIdentifiers: {},
      id: 0,
    }
    writeFileSync(join(out, 'Bank.sol', `${name}.json`), JSON.stringify(artifact))
  }
}
