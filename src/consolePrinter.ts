import { getAddress } from 'viem'
import type { ChainBlock } from './chain/types.ts'
import type { AbiDecoder, Decoded } from './decoding/abiDecoder.ts'
import { transactionContract } from './decoding/transactionContract.ts'
import { bytesToHex } from './evm/index.ts'
import type { ExecutedTransaction } from './evm/index.ts'
import type { ChainNode } from './node.ts'
import { decodeRevertReason } from './rpc/revert.ts'
import type { ConsoleOutput, NetworkConsole } from './console/networkConsole.ts'

/**
 * What a transaction's lines say of it from the project's artifacts (`--artifacts DIR`): the contract it called
 * or created, the function it called, the custom error it reverted with.
 */
export interface TransactionNames {
  contract?: string
  call?: Decoded
  error?: Decoded
}

/**
 * What `chainsim serve` prints of one output, as Anvil prints it: a mined block's transactions (each one's
 * console.log lines, then its hash, the contract it created, its gas and why it failed), then the block's
 * number, hash and time; a call's console.log lines alone. Gas used is the transaction's own (its receipt's),
 * where Anvil 1.7.1 prints the block's gas used so far (docs/reference/compatibility.md). With `names` (by
 * transaction index), Anvil's lines end with the project's names: `Transaction: 0x… (Vault.deposit(uint256))`,
 * `Contract created: 0x… (Vault)`, `Error: reverted with: custom error 0x0ab2…: Locked(1700000000)`.
 */
export function formatConsoleOutput(output: ConsoleOutput, names: ReadonlyArray<TransactionNames | undefined> = []): string[] {
  if (output.kind === 'call') return [...output.lines]
  const { block } = output
  const lines: string[] = []
  for (const [index, executed] of block.transactions.entries()) {
    const named = names[index]
    const created = executed.contractAddress !== undefined
    const called = !created && named?.contract ? ` (${named.contract}${named.call ? `.${named.call.signature}` : ''})` : ''
    lines.push(...(output.lines[index] ?? []), '', `    Transaction: ${bytesToHex(executed.signed.hash)}${called}`)
    if (executed.contractAddress)
      lines.push(`    Contract created: ${getAddress(bytesToHex(executed.contractAddress))}${created && named?.contract ? ` (${named.contract})` : ''}`)
    lines.push(`    Gas used: ${executed.gasUsed}`)
    if (executed.status === 0) lines.push(`    Error: ${named?.error ? customError(named.error, executed) : failureOf(executed)}`)
  }
  lines.push('', `    Block Number: ${block.number}`, `    Block Hash: ${bytesToHex(block.hash)}`, `    Block Time: "${blockTime(block.timestamp)}"`, '')
  return lines
}

/** Where the printed lines take the project's names from: the network's node (its code) and decoder. */
export interface PrintedNames {
  node: ChainNode
  decoder: AbiDecoder
}

/**
 * Prints every output of `console` with `print` (a line at a time, `[name] ` before each when `name` is given).
 * With `naming`, a block's lines wait for its contracts' code to be read, and every output after it waits its turn.
 */
export function printConsole(console: NetworkConsole, print: (line: string) => void, name?: string, naming?: PrintedNames): () => void {
  const printLines = (lines: readonly string[]) => {
    for (const line of lines) print(name === undefined || line === '' ? line : `[${name}] ${line}`)
  }
  if (!naming) return console.subscribe((output) => printLines(formatConsoleOutput(output)))
  let printed: Promise<void> = Promise.resolve()
  return console.subscribe((output) => {
    // A name that cannot be read leaves Anvil's plain lines: the printing goes on.
    const names = output.kind === 'block' ? namesOf(output.block, naming).catch(() => []) : Promise.resolve([])
    printed = printed.then(async () => printLines(formatConsoleOutput(output, await names)))
  })
}

async function namesOf(block: ChainBlock, { node, decoder }: PrintedNames): Promise<Array<TransactionNames | undefined>> {
  return Promise.all(
    block.transactions.map(async (executed) => {
      const contract = await transactionContract(node, block, executed, decoder)
      if (!contract) return undefined
      const call = contract.created ? undefined : decoder.decodeCall(executed.signed.tx.data, contract.name)
      const error = executed.failure ? decoder.decodeError(executed.failure.returnData, contract.name) : undefined
      return { contract: contract.name, ...(call ? { call } : {}), ...(error ? { error } : {}) }
    }),
  )
}

/**
 * Anvil's line for a custom error (`reverted with: custom error 0x<selector>: <its data>`), the error decoded
 * where Anvil prints its raw bytes: integers in decimal, addresses and bytes as hex, strings quoted.
 */
function customError(error: Decoded, executed: ExecutedTransaction): string {
  const shown = (arg: Decoded['args'][number]) => (typeof arg.value === 'string' && arg.type !== 'string' ? arg.value : JSON.stringify(arg.value))
  const selector = bytesToHex((executed.failure as NonNullable<ExecutedTransaction['failure']>).returnData.subarray(0, 4))
  return `reverted with: custom error ${selector}: ${error.name}(${error.args.map(shown).join(', ')})`
}

function failureOf(executed: ExecutedTransaction): string {
  const failure = executed.failure
  if (!failure) return 'reverted'
  if (failure.error !== 'revert') return failure.error
  const data = bytesToHex(failure.returnData)
  const reason = decodeRevertReason(data)
  if (reason !== undefined) return `reverted with: ${reason}`
  return failure.returnData.length === 0 ? 'reverted' : `reverted with data: ${data}`
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** RFC 2822 in UTC, the day unpadded, as Anvil prints a block's time: `Wed, 2 Dec 2026 03:45:34 +0000`. */
function blockTime(timestamp: bigint): string {
  const date = new Date(Number(timestamp) * 1000)
  const time = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${time} +0000`
}
