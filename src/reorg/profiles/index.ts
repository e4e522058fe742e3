import { readFileSync } from 'node:fs'
import { loadedYaml } from '../../util/yaml.ts'
import { arbitrum } from './arbitrum.ts'
import { bsc } from './bsc.ts'
import { ethereum } from './ethereum.ts'
import { none } from './none.ts'
import { optimism } from './optimism.ts'
import { polygon } from './polygon.ts'
import { profileFile, profileOf } from './reorgProfile.ts'
import type { ReorgProfile } from './reorgProfile.ts'
import { ReorgProfileError } from '../errors.ts'

export type { ReorgProfile } from './reorgProfile.ts'
export { ProfileDraws } from './profileDraws.ts'
export { profileFileOf } from './reorgProfile.ts'
export type { TransactionFate } from './profileDraws.ts'

/** The built-in profiles, by name (`optimism` stands for every OP Stack chain, Base included). */
export const REORG_PROFILES: Readonly<Record<string, ReorgProfile>> = { ethereum, polygon, optimism, arbitrum, bsc, none }
export const REORG_PROFILE_NAMES = Object.keys(REORG_PROFILES)

/** Whether `name` is a built-in profile's (anything else a config names is a profile file). */
export function isBuiltInProfile(name: string): boolean {
  return Object.hasOwn(REORG_PROFILES, name)
}

/**
 * A profile by name (`polygon`), or a custom one: an object of the file format, or (`allowFiles`: the config
 * and the command line, never a JSON-RPC client) a YAML or JSON file holding one.
 */
export function resolveReorgProfile(spec: string | object, options: { allowFiles?: boolean } = {}): ReorgProfile {
  if (typeof spec === 'string') {
    if (isBuiltInProfile(spec)) return REORG_PROFILES[spec] as ReorgProfile
    if (!options.allowFiles || !/[./\\]/.test(spec)) {
      throw new ReorgProfileError(
        `unknown reorg profile ${JSON.stringify(spec)}: one of ${REORG_PROFILE_NAMES.join(', ')}${options.allowFiles ? ', or a profile file (YAML or JSON)' : ', or a profile object'}`,
      )
    }
    return profileFromFile(spec)
  }
  return parseProfile(spec, 'the reorg profile')
}

function profileFromFile(path: string): ReorgProfile {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ReorgProfileError(`reorg profile ${path}: ${(error as Error).message}`)
  }
  // The config file, the command line and scenarios load YAML's parser before they name a profile file; without it
  // (a library caller's parseConfig), a file is read as JSON.
  const parseYaml = loadedYaml()
  let value: unknown
  try {
    value = parseYaml ? parseYaml(text) : JSON.parse(text)
  } catch (error) {
    throw new ReorgProfileError(`reorg profile ${path}: not ${parseYaml ? 'YAML or JSON' : 'JSON'}: ${(error as Error).message}`)
  }
  return parseProfile(value, `reorg profile ${path}`)
}

function parseProfile(value: unknown, where: string): ReorgProfile {
  const parsed = profileFile.safeParse(value)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(the profile)'}: ${issue.message}`)
    throw new ReorgProfileError(`${where}: ${issues.join('; ')}`)
  }
  return profileOf(parsed.data)
}
