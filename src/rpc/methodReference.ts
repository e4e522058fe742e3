import { z } from 'zod'
import { transactionCall } from './callRequest.ts'
import { quantityOrNumber, uint64OrNumber } from './controlSchemas.ts'
import type { AnyMethod, BlockReadKind, ForkAnswer } from './defineMethod.ts'
import { filterId } from './filterId.ts'
import { logFilterObject } from './logFilter.ts'
import { blockOverrides, stateOverride } from './overrides.ts'
import { METHODS } from './registry.ts'
import { address, blockTag, blockTagOrHash, boolean, data, hash32, quantity, uint64 } from './schemas.ts'
import { proofStorageKey, storageSlot } from './storageSlot.ts'
import { traceCallConfig, traceConfig } from './traceConfig.ts'
import { typedData } from './typedData.ts'

/** Where the method reference is written (`npm run method-reference`); a test fails when it is stale. */
export const METHOD_REFERENCE_PATH = 'docs/reference/json-rpc.md'

/**
 * The names the reference gives the param schemas the wire shares (explained in its legend). A zod registry,
 * so that a refinement of one (`data.refine(...)`) is named as the schema it refines.
 */
const SHARED_NAMES = z.registry<{ name: string }>()
const NAMED: ReadonlyArray<[z.ZodType, string]> = [
  [address, 'Address'],
  [hash32, 'Hash'],
  [data, 'Hex'],
  [quantity, 'Quantity'],
  [uint64, 'Quantity'],
  [quantityOrNumber, 'Quantity | number'],
  [uint64OrNumber, 'Quantity | number'],
  [boolean, 'boolean'],
  [blockTag, 'BlockTag'],
  [blockTagOrHash, 'BlockReference'],
  [storageSlot, 'StorageSlot'],
  [proofStorageKey, 'StorageSlot'],
  [filterId, 'FilterId'],
  [logFilterObject, 'LogFilter'],
  [transactionCall, 'TransactionCall'],
  [stateOverride, 'StateOverride'],
  [blockOverrides, 'BlockOverrides'],
  [traceConfig, 'TraceConfig'],
  [traceCallConfig, 'TraceCallConfig'],
  [typedData, 'TypedData'],
]
for (const [schema, name] of NAMED) SHARED_NAMES.add(schema, { name })

const NAMESPACES: ReadonlyArray<{ prefix: string; title: string; about: string }> = [
  { prefix: 'eth_', title: 'eth', about: "Ethereum's standard methods, answered as geth answers them (Infura's limits on eth_getLogs)." },
  { prefix: 'net_', title: 'net', about: 'The network.' },
  { prefix: 'web3_', title: 'web3', about: 'The client.' },
  { prefix: 'personal_', title: 'personal', about: 'Signing, as wallets call it.' },
  { prefix: 'debug_', title: 'debug', about: "Tracing, with geth's tracers; raw transactions and code by hash." },
  { prefix: 'trace_', title: 'trace', about: "Parity's trace module, as Anvil answers it, read from geth's callTracer frames." },
  { prefix: 'ots_', title: 'ots', about: "Otterscan's API (level 8), as Anvil answers it (docs/guides/otterscan.md)." },
  { prefix: 'erigon_', title: 'erigon', about: "Erigon's names that Anvil answers and Otterscan asks for." },
  { prefix: 'txpool_', title: 'txpool', about: "The pool, in geth's form." },
  { prefix: 'anvil_', title: 'anvil', about: "Anvil's test-client methods." },
  { prefix: 'hardhat_', title: 'hardhat', about: "Hardhat's names for Anvil's methods, where Hardhat has them." },
  { prefix: 'evm_', title: 'evm', about: 'The test-client methods Ganache, Hardhat and Anvil share.' },
  { prefix: 'tenderly_', title: 'tenderly', about: "Tenderly's names for Anvil's methods, with Anvil's params and answers." },
  { prefix: 'sim_', title: 'sim', about: "chainsim's own: reorgs, faults, the settle barrier, state, and the explorer's reads." },
]

const BLOCK_READS: Readonly<Record<BlockReadKind, string>> = {
  number: 'by tag or number',
  hash: 'by hash',
  reference: 'by tag, number, hash or EIP-1898 object',
  transaction: 'of the transaction it names',
  logFilter: "of its log filter's range or block hash",
}

const FORK_ANSWERS: Readonly<Record<ForkAnswer, string>> = {
  forwarded: 'forwarded to the upstream (cached)',
  passedOn: 'passed on to the upstream (not cached)',
  merged: "the upstream's logs merged with the fork's",
  local: 'answered by the fork itself (its history starts at the fork block)',
}

/**
 * A param schema as the reference writes it: a shared name, the wire form its `.describe()` gives (for a schema
 * whose structure says nothing, one that reads `unknown` and decides itself), or its structure.
 */
function describe(schema: z.ZodType): string {
  const shared = SHARED_NAMES.get(schema)?.name ?? z.globalRegistry.get(schema)?.description
  if (shared) return shared
  const def = schema._zod.def as unknown as {
    type: string
    innerType?: z.ZodType
    element?: z.ZodType
    options?: readonly z.ZodType[]
    entries?: Record<string, string>
    values?: readonly unknown[]
    shape?: Record<string, z.ZodType>
    items?: readonly z.ZodType[]
    in?: z.ZodType
    keyType?: z.ZodType
    valueType?: z.ZodType
  }
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return describe(def.innerType as z.ZodType)
    case 'array':
      return `${wrapped(describe(def.element as z.ZodType))}[]`
    case 'union':
      return (def.options ?? []).map(describe).join(' | ')
    case 'enum':
      return Object.values(def.entries ?? {})
        .map((value) => JSON.stringify(value))
        .join(' | ')
    case 'literal':
      return (def.values ?? []).map((value) => JSON.stringify(value)).join(' | ')
    case 'pipe':
      return describe(def.in as z.ZodType)
    case 'record':
      return `{[${describe(def.keyType as z.ZodType)}]: ${describe(def.valueType as z.ZodType)}}`
    case 'tuple':
      return `[${(def.items ?? []).map(describe).join(', ')}]`
    case 'object':
      return `{${Object.entries(def.shape ?? {})
        .map(([key, field]) => `${key}${field.safeParse(undefined).success ? '?' : ''}`)
        .join(', ')}}`
    case 'string':
    case 'number':
    case 'boolean':
    case 'unknown':
      return def.type
    default:
      return 'value'
  }
}

const wrapped = (type: string) => (type.includes(' | ') ? `(${type})` : type)

/** A method's params as the reference writes them: `(Address, BlockReference?)`. */
function signature(method: AnyMethod): string {
  return method.params.map((schema) => `${describe(schema)}${schema.safeParse(undefined).success ? '?' : ''}`).join(', ')
}

/** What a method touches, as the reference lists it. */
function touches(method: AnyMethod): string[] {
  const lines: string[] = []
  const block = method.reads?.block
  if (block) lines.push(`reads the ${method.reads?.state ? 'state after the ' : ''}block ${BLOCK_READS[block.kind]} (param ${block.param})`)
  else if (method.reads?.state) lines.push('reads state')
  if (method.writes) lines.push('writes: changes the network, through its write queue')
  if (method.control) lines.push('control: a rate limit, a lag or a partial batch never touches it (an `error` fault naming it does)')
  if (method.lagged) lines.push('lagged by the `lag` fault')
  if (method.fork) lines.push(`on a fork, up to the fork block: ${FORK_ANSWERS[method.fork]}`)
  const prices = Object.entries(method.cost ?? {}).map(([provider, units]) => `${provider} ${units}`)
  if (prices.length > 0) lines.push(`throughput units: ${prices.join(', ')}`)
  return lines
}

/** The method reference (docs/reference/json-rpc.md), read from the method declarations. */
export function methodReference(): string {
  const methods = METHODS as readonly AnyMethod[]
  const out: string[] = [
    '# JSON-RPC method reference',
    '',
    `Every method chainsim answers (${methods.length}), read from its declaration (src/rpc/methods/, listed in`,
    'src/rpc/registry.ts; see [the method registry](method-registry.md)). Generated by `npm run method-reference`:',
    'do not edit by hand, a test fails when it is stale.',
    '',
    'Params are positional; `?` marks one that may be left out. The wire types they name:',
    '',
    '| name | on the wire |',
    '|---|---|',
    '| `Address` | 20 bytes as 0x-hex |',
    '| `Hash` | 32 bytes as 0x-hex |',
    '| `Hex` | bytes as 0x-hex (an even number of digits) |',
    '| `Quantity` | a number as minimal 0x-hex (`0x0`, `0x1a`) |',
    '| `Quantity \\| number` | the same, or a JSON number (as Anvil and Hardhat take counts and times) |',
    '| `BlockTag` | `latest`, `earliest`, `pending`, `safe`, `finalized`, or a block number as a quantity |',
    '| `BlockReference` | a `BlockTag`, a block hash, or `{blockHash, requireCanonical?}` / `{blockNumber}` (EIP-1898) |',
    '| `StorageSlot` | up to 32 bytes as 0x-hex, leading zeros allowed |',
    '| `FilterId` | an id eth_newFilter, eth_newBlockFilter or eth_newPendingTransactionFilter gave |',
    '| `LogFilter` | `{address?, topics?, fromBlock?, toBlock?}` or `{address?, topics?, blockHash}` |',
    "| `TransactionCall` | geth's call object: `{from?, to?, gas?, gasPrice?, maxFeePerGas?, maxPriorityFeePerGas?, value?, nonce?, data?, input?, accessList?, chainId?, type?}` |",
    "| `StateOverride` | geth's: `{[address]: {balance?, nonce?, code?, state?, stateDiff?, movePrecompileToAddress?}}` |",
    "| `BlockOverrides` | geth's: `{number?, time?, gasLimit?, feeRecipient?, prevRandao?, baseFeePerGas?, blobBaseFee?, ...}` |",
    "| `TraceConfig` | geth's: `{tracer?, tracerConfig?, timeout?, enableMemory?, disableStack?, disableStorage?, enableReturnData?, limit?}` |",
    '| `TraceCallConfig` | a `TraceConfig` with `stateOverrides?` and `blockOverrides?` |',
    '| `TypedData` | EIP-712 typed data, as an object or its JSON text |',
    '',
    'Below each method: what it reads (the block, at which param), whether it writes, whether it is a control',
    'method, whether the `lag` fault lags it, how a forked network answers it up to its fork block, and its price',
    "in the throughput units of the providers that price methods one by one (others cost the provider's default).",
  ]
  for (const { prefix, title, about } of NAMESPACES) {
    const inNamespace = methods.filter((method) => method.name.startsWith(prefix))
    if (inNamespace.length === 0) continue
    out.push('', `## ${title}`, '', about)
    for (const method of inNamespace) {
      out.push('', `### ${method.name}`, '', `\`${method.name}(${signature(method)})\``, '', method.description)
      const lines = touches(method)
      if (lines.length > 0) out.push('', ...lines.map((line) => `- ${line}`))
    }
  }
  const listed = new Set(NAMESPACES.flatMap(({ prefix }) => methods.filter((method) => method.name.startsWith(prefix)).map((method) => method.name)))
  const unlisted = methods.filter((method) => !listed.has(method.name)).map((method) => method.name)
  if (unlisted.length > 0) throw new Error(`methods of no namespace the reference knows: ${unlisted.join(', ')}`)
  return `${out.join('\n')}\n`
}
