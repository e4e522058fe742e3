import { readFile } from 'node:fs/promises'
import type { z } from 'zod'
import { chainsimConfig } from './schema.ts'
import type { ChainsimConfig } from './schema.ts'
import { ChainsimError } from '../errors.ts'

/** A config that cannot be used; the message names the file and the bad key. */
export class ConfigError extends ChainsimError {}

/** Validates a config object; errors name each bad key by its path (`networks.0.chainId`). */
export function parseConfig(input: unknown, source = 'config'): ChainsimConfig {
  const parsed = chainsimConfig.safeParse(input)
  if (parsed.success) return parsed.data
  throw new ConfigError(`${source} is invalid:\n${parsed.error.issues.map(describeIssue).join('\n')}`)
}

/** Reads a JSON or YAML config file and validates it. */
export async function loadConfigFile(path: string): Promise<ChainsimConfig> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ConfigError(`cannot read config file ${path}: ${(error as NodeJS.ErrnoException).code ?? error}`)
  }
  let input: unknown
  try {
    // YAML's parser is loaded only for a YAML file: a JSON config, or none, starts without it.
    input = /\.ya?ml$/i.test(path) ? (await import('yaml')).parse(text) : JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`config file ${path} is not valid ${/\.ya?ml$/i.test(path) ? 'YAML' : 'JSON'}: ${(error as Error).message}`)
  }
  return parseConfig(input, `config file ${path}`)
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.') || '(root)'
  if (issue.code === 'unrecognized_keys') return `  - ${path === '(root)' ? '' : `${path}: `}unknown key(s) ${issue.keys.join(', ')}`
  return `  - ${path}: ${issue.message}`
}
