import { getAddress } from 'viem'
import { bytesToHex } from '../evm/index.ts'
import type { ExecutedTransaction } from '../evm/index.ts'
import { decodeRevertReason } from '../rpc/revert.ts'
import type { ConsoleOutput, NetworkConsole } from './networkConsole.ts'

/**
 * What `chainsim serve` prints of one output, as Anvil prints it: a mined block's transactions (each one's
 * console.log lines, then its hash, the contract it created, its gas and why it failed), then the block's
 * number, hash and time; a call's console.log lines alone. Gas used is the transaction's own (its receipt's),
 * where Anvil 1.7.1 prints the block's gas used so far (docs/reference/compatibility.md).
 */
export function formatConsoleOutput(output: ConsoleOutput): string[] {
  if (output.kind === 'call') return [...output.lines]
  const { block } = output
  const lines: string[] = []
  for (const [index, executed] of block.transactions.entries()) {
    lines.push(...(output.lines[index] ?? []), '', `    Transaction: ${bytesToHex(executed.signed.hash)}`)
    if (executed.contractAddress) lines.push(`    Contract created: ${getAddress(bytesToHex(executed.contractAddress))}`)
    lines.push(`    Gas used: ${executed.gasUsed}`)
    if (executed.status === 0) lines.push(`    Error: ${failureOf(executed)}`)
  }
  lines.push('', `    Block Number: ${block.number}`, `    Block Hash: ${bytesToHex(block.hash)}`, `    Block Time: "${blockTime(block.timestamp)}"`, '')
  return lines
}

/** Prints every output of `console` with `print` (a line at a time, `[name] ` before each when `name` is given). */
export function printConsole(console: NetworkConsole, print: (line: string) => void, name?: string): () => void {
  return console.subscribe((output) => {
    for (const line of formatConsoleOutput(output)) print(name === undefined || line === '' ? line : `[${name}] ${line}`)
  })
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
