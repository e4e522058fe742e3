import { readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Abi } from 'viem'
import { hexToBytes } from '../evm/index.ts'
import { ArtifactsFolderError } from './errors.ts'

/** A compiled contract of the project: its ABI and the runtime code a deployment of it holds. */
export interface ContractArtifact {
  name: string
  /** Where it was read from, relative to the artifacts folder. */
  file: string
  abi: Abi
  /** The runtime code as the compiler wrote it: zeros where immutables and linked libraries go. */
  deployedBytecode: Uint8Array
  /** Byte ranges a deployment fills in (immutables, library addresses); undefined when the artifact does not say. */
  placeholders?: ReadonlyArray<{ start: number; length: number }>
}

/** Folders of a build's other output, never artifacts of one contract. */
const SKIPPED_FOLDERS = new Set(['build-info', 'cache', 'node_modules'])

/** A library's link placeholder in unlinked hex: `__$<34 hex digits>$__` (solc ≥0.5) or `__Name____…` (older). */
const LINK_PLACEHOLDER = /__\$[0-9a-fA-F]{34}\$__|__[^_\s][^\s]{36}__/g

/**
 * Every contract artifact under `dir`, in either layout: Foundry's `out/` (`out/Vault.sol/Vault.json`, the
 * bytecode as `{object, immutableReferences}`) and Hardhat's `artifacts/` (`artifacts/contracts/Vault.sol/Vault.json`,
 * `_format: hh-sol-artifact-1`, the bytecode as hex). Build info, Hardhat's `.dbg.json` files, interfaces and
 * abstract contracts (no runtime code) are left out, as is a file that does not parse: a build may be writing it
 * now, and the next change reads it again.
 */
export function readArtifacts(dir: string): ContractArtifact[] {
  let isFolder: boolean
  try {
    isFolder = statSync(dir).isDirectory()
  } catch (error) {
    throw new ArtifactsFolderError(`artifacts folder ${dir} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  if (!isFolder) throw new ArtifactsFolderError(`artifacts folder ${dir} is not a folder`)
  const artifacts: ContractArtifact[] = []
  const walk = (folder: string, relative: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      const file = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path, file)
      } else if (entry.name.endsWith('.json') && !entry.name.endsWith('.dbg.json')) {
        const artifact = parseArtifact(path, file)
        if (artifact) artifacts.push(artifact)
      }
    }
  }
  walk(dir, '')
  return artifacts.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
}

interface FoundryBytecode {
  object?: unknown
  immutableReferences?: Record<string, Array<{ start: number; length: number }>>
}

function parseArtifact(path: string, file: string): ContractArtifact | undefined {
  let json: Record<string, unknown>
  try {
    json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  } catch {
    return undefined
  }
  if (!json || typeof json !== 'object' || !Array.isArray(json.abi)) return undefined
  const deployed = json.deployedBytecode
  const foundry = deployed && typeof deployed === 'object' ? (deployed as FoundryBytecode) : undefined
  const hex = typeof deployed === 'string' ? deployed : typeof foundry?.object === 'string' ? foundry.object : undefined
  if (hex === undefined) return undefined
  const code = runtimeCode(hex)
  if (!code || code.bytes.length === 0) return undefined
  // Foundry names the file after the contract (`Vault.json`, `Vault.0.8.24.json` when several compilers built it).
  const name = typeof json.contractName === 'string' ? json.contractName : (basename(file).split('.')[0] as string)
  const immutables = foundry?.immutableReferences ? Object.values(foundry.immutableReferences).flat() : undefined
  const placeholders = immutables ? [...immutables, ...code.links] : code.links.length > 0 ? code.links : undefined
  return { name, file, abi: json.abi as Abi, deployedBytecode: code.bytes, ...(immutables || placeholders ? { placeholders } : {}) }
}

/** The bytes of unlinked hex, link placeholders as zeros, and where those are. */
function runtimeCode(hex: string): { bytes: Uint8Array; links: Array<{ start: number; length: number }> } | undefined {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex
  const links: Array<{ start: number; length: number }> = []
  const linked = digits.replace(LINK_PLACEHOLDER, (placeholder, offset: number) => {
    links.push({ start: offset / 2, length: placeholder.length / 2 })
    return '0'.repeat(placeholder.length)
  })
  if (linked.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(linked)) return undefined
  return { bytes: hexToBytes(`0x${linked}`), links }
}
