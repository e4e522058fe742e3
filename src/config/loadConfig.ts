import { readFile } from 'node:fs/promises'
import { chainsimConfig } from './schema.ts'
import type { ChainsimConfig } from './schema.ts'
import { ChainsimError } from '../errors.ts'
import { describeIssue } from './describeIssue.ts'
import { describeJsonSyntaxError } from './jsonSyntax.ts'

/** A config that cannot be used; the message names the file and the bad key. */
export class ConfigError extends ChainsimError {}

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
    input = yaml ? (await yamlParser())(text) : JSON.parse(text)
  } catch (error) {
    const reason = !yaml && error instanceof SyntaxError ? describeJsonSyntaxError(error, text) : (error as Error).message
    throw new ConfigError(`config file ${path} is not valid ${yaml ? 'YAML' : 'JSON'}: ${reason}`)
  }
  return parseConfig(input, `config file ${path}`)
}

/**
 * The YAML parser. In a bundle with code splitting (the CLI's), a CommonJS package imported dynamically is its
 * chunk's default export only, so its functions are looked for there too.
 */
async function yamlParser(): Promise<(text: string) => unknown> {
  const yaml = (await import('yaml')) as typeof import('yaml') & { default?: typeof import('yaml') }
  return yaml.parse ?? (yaml.default as typeof import('yaml')).parse
}
