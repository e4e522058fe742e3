import { ConfigError } from '../config/loadConfig.ts'
import { ForkStartError } from '../fork/errors.ts'
import { ChainImportError } from '../importedNetwork.ts'
import { StateFileError, StatePathError, StateSaveError } from '../persistence/stateFile.ts'

/**
 * How a command that failed tells why: one line for what the user can fix, the whole error otherwise; exit 1, or 2
 * for a path given on the command line that cannot be used.
 */
export function reportFailure(error: unknown): never {
  if (error instanceof StatePathError) {
    console.error(`chainsim: ${error.message}`)
    process.exit(2)
  }
  if (error instanceof ConfigError || error instanceof ChainImportError || error instanceof StateFileError || error instanceof StateSaveError || error instanceof ForkStartError) {
    console.error(`chainsim: ${error.message}`)
  } else if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') console.error(`chainsim: ${error.message}`)
  else console.error('chainsim:', error)
  process.exit(1)
}
