import { NODE_DEFAULTS } from '../../nodeOptions.ts'
import { parseSignature, parseType } from '../abi.ts'
import { AbiError } from '../errors.ts'
import type { CheckContext } from './context.ts'

/** Dev accounts a scenario network has (the node's default). */
export const SCENARIO_ACCOUNT_COUNT = NODE_DEFAULTS.accountCount

type Path = ReadonlyArray<string | number>

/** A step's account: an index below the count, a name from `accounts`, or an address ($name or 0x). */
export function checkAccount(value: unknown, path: Path, c: CheckContext): void {
  if (typeof value === 'number' && value >= SCENARIO_ACCOUNT_COUNT) {
    c.report(path, `dev account ${value} does not exist (0 to ${SCENARIO_ACCOUNT_COUNT - 1})`)
  }
  if (typeof value === 'string' && !value.startsWith('$') && !value.startsWith('0x') && !Object.hasOwn(c.accounts, value)) {
    c.report(path, `no account named "${value}" (accounts: ${Object.keys(c.accounts).join(', ') || 'none'})`)
  }
}

/** A function signature the player can encode calls of. */
export function checkSignature(signature: string | undefined, path: Path, c: CheckContext): void {
  if (signature === undefined) return
  try {
    parseSignature(signature)
  } catch (error) {
    c.report(path, (error as Error).message)
  }
}

/** ABI types the player can encode and decode. */
export function checkTypes(types: readonly string[] | undefined, path: Path, c: CheckContext): void {
  types?.forEach((type, i) => {
    try {
      parseType(type)
    } catch (error) {
      if (error instanceof AbiError) c.report([...path, i], error.message)
      else throw error
    }
  })
}

/** A filter or subscription is read through its name; one may go without only when it is expected to fail. */
export function checkWatcherName(kind: 'filter' | 'subscribe', step: { as?: string; expect?: { error?: unknown } }, c: CheckContext): void {
  if (step.as === undefined && step.expect?.error === undefined) {
    c.report([kind], `a ${kind === 'filter' ? 'filter' : 'subscription'} needs \`as\` (a name for changes to read it by), unless it expects an error`)
  }
}
