import { DomainError } from '../errors.ts'

/** Where a network's port came from: `startServer`'s `port` (`--port`) counted up, the network's own, or 8545 counted up. */
export type PortOrigin = { kind: 'option'; first: number; index: number; networks: readonly string[] } | { kind: 'config' } | { kind: 'default'; index: number }

/**
 * A network's port is taken by another process. It names the network and the port, and says where the port came
 * from: with `--port N` the second network is on N + 1, which is the one a user may not expect to be taken.
 */
export class PortInUseError extends DomainError {
  readonly kind = 'portInUse'

  /** What failed, in one line: the network, the address, and that the port is taken. */
  readonly headline: string

  constructor(
    readonly network: string,
    readonly host: string,
    readonly port: number,
    readonly origin: PortOrigin,
    options?: { cause?: unknown },
  ) {
    const headline = `network ${network} cannot listen on ${host}:${port}: the port is in use`
    super(`${headline} (${describeOrigin(network, port, origin)})`, options)
    this.headline = headline
  }

  /** Where the port came from on the command line or in the config, and how to choose another (the CLI prints it). */
  advice(): string {
    const { network, port, origin } = this
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
