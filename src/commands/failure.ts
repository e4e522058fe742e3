import { ConfigError } from '../config/errors.ts'
import { ArtifactsFolderError } from '../decoding/errors.ts'
import { ForkStartError } from '../fork/errors.ts'
import { ChainImportError } from '../errors.ts'
import { LoadStateError, StateFileError, StatePathError, StateSaveError } from '../persistence/errors.ts'
import { PortInUseError } from '../transports/errors.ts'
import { USAGE_EXIT_CODE } from './exitCodes.ts'

/**
 * How a command that failed tells why: one line for what the user can fix, the whole error otherwise. commander's own
 * usage errors and help never come here: src/cli.ts exits on them before this module is loaded.
 */
export function reportFailure(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StatePathError || error instanceof LoadStateError || error instanceof ArtifactsFolderError) {
    console.error(`chainsim: ${error.message}`)
    process.exit(USAGE_EXIT_CODE)
  }
  if (error instanceof PortInUseError) console.error(`chainsim: ${error.headline}\n${error.advice()}`)
  else if (error instanceof ChainImportError || error instanceof StateFileError || error instanceof StateSaveError || error instanceof ForkStartError)
    console.error(`chainsim: ${error.message}`)
  else console.error('chainsim:', error)
  process.exit(1)
}
