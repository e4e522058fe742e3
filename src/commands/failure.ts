import { ConfigError } from '../config/loadConfig.ts'
import { ForkStartError } from '../fork/errors.ts'
import { ChainImportError } from '../importedNetwork.ts'
import { StateFileError, StatePathError, StateSaveError } from '../persistence/stateFile.ts'
import { PortInUseError } from '../transports/portInUse.ts'
import type { PortOrigin } from '../transports/portInUse.ts'
import { USAGE_EXIT_CODE } from './exitCodes.ts'

/**
 * How a command that failed tells why: one line for what the user can fix, the whole error otherwise. commander's own
 * usage errors and help never come here: src/cli.ts exits on them before this module is loaded.
 */
export function reportFailure(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StatePathError) {
    console.error(`chainsim: ${error.message}`)
    process.exit(USAGE_EXIT_CODE)
  }
  if (error instanceof PortInUseError)
    console.error(
      `chainsim: network ${error.network} cannot listen on ${error.host}:${error.port}: the port is in use\n${portAdvice(error.network, error.port, error.origin)}`,
    )
  else if (error instanceof ChainImportError || error instanceof StateFileError || error instanceof StateSaveError || error instanceof ForkStartError)
    console.error(`chainsim: ${error.message}`)
  else console.error('chainsim:', error)
  process.exit(1)
}

/** Where the port came from on the command line or in the config, and how to choose another. */
function portAdvice(network: string, port: number, origin: PortOrigin): string {
  const choose = '  Choose free ports: --port N serves the networks on N, N+1, ...; or set each network\'s "port" in a config file (--config).'
  switch (origin.kind) {
    case 'option': {
      const placed = origin.networks.map((name, index) => `${name} on ${origin.first + index}`).join(', ')
      return `  --port ${origin.first} puts ${placed} (each next network on the next port), so ${network} is on ${port}.\n${choose}`
    }
    case 'config':
      return `  ${port} is network ${network}'s "port" in the config file.\n${choose}`
    case 'default':
      return `  ${port} is the default port of ${network} (8545${origin.index === 0 ? '' : ` + ${origin.index}: it is network number ${origin.index + 1}`}).\n${choose}`
  }
}
