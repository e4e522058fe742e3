import { readFile } from 'node:fs/promises'
import { chainsimConfig } from './schema.ts'
import type { ChainsimConfig } from './schema.ts'
import { describeIssue } from './describeIssue.ts'
import { describeJsonSyntaxError } from './jsonSyntax.ts'
import { loadYaml } from '../util/yaml.ts'
import { isBuiltInProfile } from '../reorg/profiles/index.ts'
import { ConfigError } from './errors.ts'

/**
 * Validates a config object; errors name each bad key by its path (`networks.0.chainId`), the value given and what
 * was expected, and suggest the nearest key for an unknown one.
 */
export function parseConfig(input: unknown, source = 'config'): ChainsimConfig {
  const parsed = chainsimConfig.safeParse(input)
  if (parsed.success) return parsed.data
  const lines = parsed.error.issues.flatMap((issue) => describeIssue(issue, input, chainsimConfig))
  throw new ConfigError(`${source} is invalid:\n${lines.map((line) => `  - ${line}`).join('\n')}`)
}

/** Reads a JSON or YAML config file and validates it. */
export async function loadConfigFile(path: string): Promise<ChainsimConfig> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ConfigError(`cannot read config file ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`)
  }
  const yaml = /\.ya?ml$/i.test(path)
  let input: unknown
  try {
    // YAML's parser is loaded only for a YAML file: a JSON config, or none, starts without it.
    input = yaml ? (await loadYaml())(text) : JSON.parse(text)
  } catch (error) {
    const reason = !yaml && error instanceof SyntaxError ? describeJsonSyntaxError(error, text) : (error as Error).message
    throw new ConfigError(`config file ${path} is not valid ${yaml ? 'YAML' : 'JSON'}: ${reason}`)
  }
  // A reorg profile file it names may be YAML: its parser is at hand when the config is checked.
  if (!yaml && namesProfileFile(input)) await loadYaml()
  return parseConfig(input, `config file ${path}`)
}

/** Whether a config names a reorg profile by a file (any name that is not a built-in profile's). */
function namesProfileFile(input: unknown): boolean {
  const networks = (input as { networks?: unknown } | null)?.networks
  if (!Array.isArray(networks)) return false
  return networks.some((network: { reorgs?: { profile?: unknown } } | null) => {
    const profile = network?.reorgs?.profile
    return typeof profile === 'string' && !isBuiltInProfile(profile)
  })
}
