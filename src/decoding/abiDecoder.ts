import { decodeErrorResult, decodeEventLog, decodeFunctionData, toEventSelector, toFunctionSelector } from 'viem'
import type { Abi, AbiEvent, AbiFunction, Hex } from 'viem'
import { formatAbiItem } from 'viem/utils'

type ViemAbiError = Extract<Abi[number], { type: 'error' }>
import { bundledContracts } from '../contracts/index.ts'
import { bytesToHex } from '../evm/index.ts'
import { ContractMatcher } from './contractMatcher.ts'
import type { ContractArtifact } from './projectArtifacts.ts'

/** A named ABI: a contract's events, functions and errors. */
export interface NamedAbi {
  name: string
  abi: Abi
}

/** One decoded argument; values are plain JSON (integers as decimal strings, bytes and addresses as hex). */
export interface DecodedArgument {
  name: string
  type: string
  value: unknown
  indexed?: boolean
}

/** An event, a call or a custom error, decoded with the ABI that named it. */
export interface Decoded {
  /** The ABI it was decoded with (a bundled contract's name, or the name a scenario gave). */
  abi: string
  name: string
  /** The canonical signature, e.g. `Transfer(address,address,uint256)`. */
  signature: string
  args: DecodedArgument[]
}

type Candidate<T> = { abi: string; item: T }

/**
 * Decodes logs, calldata and revert data with known ABIs: the project's artifacts' (`--artifacts DIR`), the
 * bundled contracts', and those a scenario declares; and names the artifact a runtime code was deployed from. An item is found by its selector (a log's topic 0, calldata's first 4 bytes), whatever the
 * address, as a signature database would; where two ABIs share a selector (ERC-20's and ERC-721's
 * `Transfer`), the first that decodes wins. viem does the ABI work.
 */
export class AbiDecoder {
  private readonly events = new Map<string, Candidate<AbiEvent>[]>()
  private readonly functions = new Map<string, Candidate<AbiFunction>[]>()
  private readonly errors = new Map<string, Candidate<ViemAbiError>[]>()
  private contracts = new ContractMatcher([])

  /** `artifacts`' ABIs come first: where they share a selector with another ABI, the project's names win. */
  constructor(abis: readonly NamedAbi[], artifacts: readonly ContractArtifact[] = []) {
    this.load(abis, artifacts)
  }

  /** Replaces what the decoder knows (the artifacts folder changed). */
  load(abis: readonly NamedAbi[], artifacts: readonly ContractArtifact[] = []): void {
    this.events.clear()
    this.functions.clear()
    this.errors.clear()
    this.contracts = new ContractMatcher(artifacts)
    for (const { name, abi } of [...artifacts, ...abis]) {
      for (const item of abi) {
        if (item.type === 'event' && !item.anonymous) push(this.events, toEventSelector(item), { abi: name, item })
        else if (item.type === 'function') push(this.functions, toFunctionSelector(item), { abi: name, item })
        else if (item.type === 'error') push(this.errors, toFunctionSelector(signatureOf(item)), { abi: name, item })
      }
    }
  }

  /** The project's contract `code` is a deployment of, or undefined. */
  contractOf(code: Uint8Array): ContractArtifact | undefined {
    return this.contracts.match(code)
  }

  /** A log's event, or undefined when no known ABI decodes it (anonymous events never do). */
  decodeLog(topics: readonly Uint8Array[], data: Uint8Array): Decoded | undefined {
    const [first] = topics
    if (!first) return undefined
    const hexTopics = topics.map((t) => bytesToHex(t) as Hex) as [Hex, ...Hex[]]
    for (const { abi, item } of this.events.get(bytesToHex(first)) ?? []) {
      try {
        const { args } = decodeEventLog({ abi: [item], topics: hexTopics, data: bytesToHex(data) as Hex, strict: true })
        return {
          abi,
          name: item.name,
          signature: signatureOf(item),
          args: item.inputs.map((input, i) => ({
            name: input.name ?? `${i}`,
            type: input.type,
            value: plain(pick(args, input.name, i)),
            ...(input.indexed ? { indexed: true } : {}),
          })),
        }
      } catch {
        // Another layout of the same signature (which arguments are indexed) may fit.
      }
    }
    return undefined
  }

  /**
   * Calldata's function and arguments, or undefined. `contract` (the artifact the called code was deployed from)
   * decodes first, so its own argument names win over another ABI's under the same selector.
   */
  decodeCall(data: Uint8Array, contract?: string): Decoded | undefined {
    return bySelector(this.functions, data, contract, (item, hex) => decodeFunctionData({ abi: [item], data: hex }).args)
  }

  /** Revert data of a custom error, or undefined (Error(string) and Panic are src/rpc/revert.ts's); `contract` as for decodeCall. */
  decodeError(data: Uint8Array, contract?: string): Decoded | undefined {
    return bySelector(this.errors, data, contract, (item, hex) => decodeErrorResult({ abi: [item], data: hex }).args)
  }
}

/** The first candidate under the data's 4-byte selector whose arguments decode (viem throws when they do not). */
function bySelector<T extends AbiFunction | ViemAbiError>(
  candidates: Map<string, Candidate<T>[]>,
  data: Uint8Array,
  contract: string | undefined,
  decode: (item: T, hex: Hex) => readonly unknown[] | undefined,
): Decoded | undefined {
  if (data.length < 4) return undefined
  const hex = bytesToHex(data) as Hex
  const found = candidates.get(hex.slice(0, 10)) ?? []
  const ordered = contract === undefined ? found : [...found.filter((c) => c.abi === contract), ...found.filter((c) => c.abi !== contract)]
  for (const { abi, item } of ordered) {
    try {
      const args = decode(item, hex) ?? []
      return { abi, name: item.name, signature: signatureOf(item), args: argumentsOf(item.inputs, args) }
    } catch {
      // Not this one.
    }
  }
  return undefined
}

/** The bundled contracts' ABIs (ChainsimToken, EventEmitter). */
export const BUNDLED_ABIS: readonly NamedAbi[] = Object.entries(bundledContracts).map(([name, artifact]) => ({ name, abi: artifact.abi as Abi }))

let bundledDecoder: AbiDecoder | undefined

/** A decoder of the bundled contracts only, made once. */
export function bundledAbiDecoder(): AbiDecoder {
  bundledDecoder ??= new AbiDecoder(BUNDLED_ABIS)
  return bundledDecoder
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function signatureOf(item: AbiEvent | AbiFunction | ViemAbiError): string {
  return formatAbiItem(item)
}

function argumentsOf(inputs: readonly { name?: string; type: string }[], values: readonly unknown[]): DecodedArgument[] {
  return inputs.map((input, i) => ({ name: input.name ?? `${i}`, type: input.type, value: plain(values[i]) }))
}

function pick(args: unknown, name: string | undefined, index: number): unknown {
  if (Array.isArray(args)) return args[index]
  if (args && typeof args === 'object' && name) return (args as Record<string, unknown>)[name]
  return undefined
}

/** viem's values as JSON: bigints as decimal strings, tuples and arrays recursively. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return value.map(plain)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
  return value
}
