import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }

/** chainsim's version, from package.json. */
export const version: string = pkg.version

/** What web3_clientVersion answers. */
export const clientVersion = `chainsim/v${version}/node${process.versions.node}`
