import { ChainsimError } from '../errors.ts'

/** Where a network's port came from: `startServer`'s `port` (`--port`) counted up, the network's own, or 8545 counted up. */
export type PortOrigin = { kind: 'option'; first: number; index: number; networks: readonly string[] } | { kind: 'config' } | { kind: 'default'; index: number }

/**
 * A network's port is taken by another process. It names the network and the port, and says where the port came
 * from: with `--port N` the second network is on N + 1, which is the one a user may not expect to be taken.
 */
export class PortInUseError extends ChainsimError {
  constructor(
    readonly network: string,
    readonly host: string,
    readonly port: number,
    readonly origin: PortOrigin,
    options?: { cause?: unknown },
  ) {
    super(`network ${network} cannot listen on ${host}:${port}: the port is in use (${describeOrigin(network, port, origin)})`, options)
  }
}

function describeOrigin(network: string, port: number, origin: PortOrigin): string {
  switch (origin.kind) {
    case 'option':
      return origin.index === 0
        ? `the port given, for the first network`
        : `the port given was ${origin.first}, for ${origin.networks[0]}; each next network gets the next port, so ${network} gets ${port}`
    case 'config':
      return `network ${network}'s port in the config`
    case 'default':
      return origin.index === 0
        ? 'the default port'
        : `the default port 8545 + ${origin.index}, as network ${network} is number ${origin.index + 1} and sets no port`
  }
}
