import { z } from 'zod'
import { nearestName } from './nearestName.ts'

type Path = ReadonlyArray<PropertyKey>

/**
 * One line of a refused config for each of zod's issues: the key's path, the value given and what was expected
 * (`networks.0.mining.intervalMs: "fast" is not a number of milliseconds`), or the unknown key with the nearest
 * valid one (`networks.0: unknown key minning; did you mean mining?`). What is expected comes from the schema's
 * description of that key when it has one (`.describe(...)`), else from the issue. `root` is the schema that was
 * parsed and `input` what it was given, so that each line can name the value and the keys that exist.
 */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown, root: z.core.$ZodType, prefix: Path = []): string[] {
  const path = [...prefix, ...issue.path]
  const where = path.length === 0 ? '' : `${path.map(String).join('.')}: `
  const value = valueAt(input, path)
  const expected = (fallback: string) => descriptionAt(root, path) ?? fallback
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = keysAt(root, path)
      // A key of another of the forms the value may take: the forms say what goes together.
      const description = descriptionAt(root, path)
      if (description !== undefined && issue.keys.every((key) => known.includes(key))) return [`${where}${show(value)} is not ${description}`]
      return issue.keys.map((key) => {
        const near = nearestName(key, known)
        return `${where}unknown key ${key}${near === undefined ? `; the keys here are ${known.join(', ')}` : `; did you mean ${near}?`}`
      })
    }
    case 'invalid_union': {
      const inner = closestBranch(issue, descriptionAt(root, path) !== undefined || !isDefaultMessage(issue.message))
      if (inner) return inner.flatMap((branchIssue) => describeIssue(branchIssue, input, root, path))
      return [`${where}${show(value)} is not ${expected(isDefaultMessage(issue.message) ? unionOptions(issue) : withoutExpected(issue.message))}`]
    }
    case 'custom':
      return [`${where}${issue.message}`]
    default: {
      if (value === undefined) return [`${where}missing: expected ${expected(genericExpectation(issue))}`]
      return [`${where}${show(value)} is not ${expected(isDefaultMessage(issue.message) ? genericExpectation(issue) : withoutExpected(issue.message))}`]
    }
  }
}

/**
 * The branch of a union that the value was meant for: one whose only problems are inside it (a field's value),
 * the fewest of them. A branch with an unknown key, or (for a union that says what it expects) one that failed on a
 * literal that tells the branches apart, was not meant. Undefined when no branch was.
 */
function closestBranch(issue: z.core.$ZodIssueInvalidUnion, unionDescribed: boolean): z.core.$ZodIssue[] | undefined {
  const meant = issue.errors.filter(
    (branch) =>
      branch.length > 0 && branch.every((i) => i.path.length > 0 && i.code !== 'unrecognized_keys' && !(unionDescribed && i.code === 'invalid_value')),
  )
  return meant.sort((a, b) => a.length - b.length)[0]
}

/** What a union's branches expect, when the union does not say: `"*", a list or false`. */
function unionOptions(issue: z.core.$ZodIssueInvalidUnion): string {
  const options = issue.errors.flatMap((branch) => branch.filter((i) => i.path.length === 0).map(genericExpectation))
  const unique = [...new Set(options)]
  return unique.length <= 1 ? (unique[0] ?? 'one of the allowed forms') : `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)}`
}

/** What an issue says was expected, in words: `a whole number`, `at most 65535`, `one of "a", "b"`. */
function genericExpectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? `a ${issue.expected}`
    case 'invalid_value':
      return issue.values.length === 1 ? show(issue.values[0]) : `one of ${issue.values.map(show).join(', ')}`
    case 'too_small':
      return issue.origin === 'array' || issue.origin === 'set'
        ? `a list of at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
        : issue.origin === 'string'
          ? `a text of at least ${issue.minimum} character${Number(issue.minimum) === 1 ? '' : 's'}`
          : issue.inclusive
            ? `at least ${issue.minimum}`
            : `greater than ${issue.minimum}`
    case 'too_big':
      return issue.origin === 'array' || issue.origin === 'set'
        ? `a list of at most ${issue.maximum} items`
        : issue.origin === 'string'
          ? `a text of at most ${issue.maximum} characters`
          : issue.inclusive
            ? `at most ${issue.maximum}`
            : `less than ${issue.maximum}`
    case 'not_multiple_of':
      return `a multiple of ${issue.divisor}`
    case 'invalid_format':
      return issue.format === 'regex' ? `text matching ${issue.pattern}` : `a valid ${issue.format}`
    case 'invalid_key':
    case 'invalid_element':
      return 'a valid entry'
    default:
      return 'valid'
  }
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object (keys and values)',
  bigint: 'a whole number',
  null: 'null',
}

/** zod's own wording ("Invalid input: expected number, received string"), which the issue's fields say better. */
function isDefaultMessage(message: string): boolean {
  return /^(Invalid|Too (big|small)|Unrecognized key)/.test(message)
}

/** A schema's own message written as "expected X" reads as X after "is not". */
function withoutExpected(message: string): string {
  return message.replace(/^expected /, '')
}

/** A value as the config file wrote it, shortened past 60 characters. */
function show(value: unknown): string {
  let text: string
  try {
    text = typeof value === 'bigint' ? String(value) : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

function valueAt(input: unknown, path: Path): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key as string]
  }
  return value
}

/** The schema that reads the value at `path`, through wrappers, lists and unions (the first branch with the key). */
function schemaAt(root: z.core.$ZodType, path: Path): z.core.$ZodType[] {
  let candidates = [root]
  for (const key of path) {
    candidates = candidates
      .flatMap((schema) => branches(schema))
      .flatMap((schema) => {
        const def = schema._zod.def as unknown as Record<string, unknown>
        if (def['type'] === 'object') {
          const field = (def['shape'] as Record<string, z.core.$ZodType>)[String(key)]
          return field ? [field] : []
        }
        if (def['type'] === 'array' && typeof key === 'number') return [def['element'] as z.core.$ZodType]
        if (def['type'] === 'record') return [def['valueType'] as z.core.$ZodType]
        return []
      })
  }
  return candidates
}

/** A schema and the schemas it wraps, outermost first, with each union's options. */
function branches(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown>
  const inner = (def['innerType'] ?? (def['type'] === 'pipe' ? def['in'] : undefined)) as z.core.$ZodType | undefined
  if (inner) return [schema, ...branches(inner)]
  if (def['type'] === 'union') return [schema, ...(def['options'] as z.core.$ZodType[]).flatMap(branches)]
  return [schema]
}

/** What the schema says a key expects (its `.describe()`), looking through wrappers and unions. */
export function descriptionAt(root: z.core.$ZodType, path: Path): string | undefined {
  for (const schema of schemaAt(root, path).flatMap(branches)) {
    const description = z.globalRegistry.get(schema)?.description
    if (description !== undefined) return description
  }
  return undefined
}

/** The keys an object at `path` may have, over every form the schema allows there. */
export function keysAt(root: z.core.$ZodType, path: Path): string[] {
  const keys = schemaAt(root, path)
    .flatMap(branches)
    .flatMap((schema) => {
      const def = schema._zod.def as unknown as Record<string, unknown>
      return def['type'] === 'object' ? Object.keys(def['shape'] as object) : []
    })
  return [...new Set(keys)]
}

/** The keys an object at `path` must have, in every form the schema allows there. */
export function requiredKeysAt(root: z.core.$ZodType, path: Path): string[] {
  const forms = schemaAt(root, path)
    .flatMap(branches)
    .flatMap((schema) => {
      const def = schema._zod.def as unknown as Record<string, unknown>
      return def['type'] === 'object' ? [def['shape'] as Record<string, z.core.$ZodType>] : []
    })
  const required = forms.map((shape) => Object.keys(shape).filter((key) => shape[key]?._zod.optin !== 'optional'))
  return required.length === 0 ? [] : (required[0] as string[]).filter((key) => required.every((keys) => keys.includes(key)))
}
