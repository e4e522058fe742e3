import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }

/** chainsim's version, from package.json. */
export const version: string = pkg.version

/** The Anvil release chainsim answers as, the one its differential tests run against (package.json's @foundry-rs/anvil). */
export const ANVIL_VERSION = '1.7.1'

/**
 * What web3_clientVersion answers unless configured (`clientVersion`): Anvil's form first, because the tools that
 * accept only development nodes (hardhat-network-helpers, hardhat-predeploy) check that the answer starts with
 * `anvil`, `hardhatnetwork` or `zksync`; then chainsim's own name and version, so a client can still tell it apart.
 */
export const clientVersion = `anvil/v${ANVIL_VERSION}/chainsim/v${version}/node${process.versions.node}`
