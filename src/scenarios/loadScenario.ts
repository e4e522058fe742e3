import { readFile } from 'node:fs/promises'
import { isMap, isScalar, LineCounter, parse as parseYaml, parseDocument, visit } from 'yaml'
import type { Document } from 'yaml'
import type { z } from 'zod'
import { provideYaml } from '../util/yaml.ts'
import { descriptionAt, keysAt, requiredKeysAt } from '../config/describeIssue.ts'
import { nearestName } from '../config/nearestName.ts'
import { exactInteger } from './amounts.ts'
import { ITERATION_NAME } from './schemaParts.ts'
import { scenarioSchema } from './schema.ts'
import type { Scenario } from './schema.ts'
import { SCENARIO_ACCOUNT_COUNT } from './steps/checks.ts'
import { checkStep, describeStep, STEP_KINDS, STEPS, tagStep } from './steps/index.ts'
import type { StepKind, TaggedStep } from './steps/index.ts'
import { referencesIn } from './values.ts'
import { ScenarioError } from './errors.ts'
import type { ScenarioProblem } from './errors.ts'

type Path = ReadonlyArray<string | number>

/** Where something is in a scenario file (1-based). */
export interface SourcePosition {
  line: number
  column: number
}

/** A validated scenario, with a way back to its source lines for the player's messages. */
export interface LoadedScenario {
  scenario: Scenario
  /** The scenario's steps, each with its kind named. */
  steps: TaggedStep[]
  /** The file's path, or `<object>` for a scenario given as a value. */
  file: string
  /**
   * The position of the value at `path` (or of its nearest existing parent), or with `atKey` of its key;
   * none for a scenario given as an object.
   */
  locate(path: Path, atKey?: boolean): SourcePosition | undefined
}

/** Reads, parses and validates a scenario file (YAML, or JSON). */
export async function loadScenarioFile(file: string): Promise<LoadedScenario> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new ScenarioError(file, [{ file, path: '', message: `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? error}` }])
  }
  return parseScenario(text, file)
}

/**
 * Parses and validates scenario text. YAML and JSON both go through the YAML parser, which keeps every
 * node's position; large unquoted numbers (`250e18`) are read exactly from their text.
 */
export function parseScenario(text: string, file = '<text>'): LoadedScenario {
  // A reorg profile file a network names may be YAML too.
  provideYaml(parseYaml)
  const lineCounter = new LineCounter()
  const doc = parseDocument(text, { lineCounter })
  const [syntax] = doc.errors
  if (syntax) {
    // The first error only: the parser's later ones follow from it (one unquoted `: ` gives dozens).
    const line = syntax.linePos?.[0].line
    throw new ScenarioError(file, [
      {
        file,
        line,
        column: syntax.linePos?.[0].col,
        path: '',
        message: `not valid YAML: ${(syntax.message.split('\n')[0] as string).replace(/ at line \d+, column \d+:?$/, '')}${syntax.code === 'BLOCK_AS_IMPLICIT_KEY' ? ' (quote a value that holds ": ")' : ''}`,
        ...(line === undefined ? {} : { source: text.split(/\r?\n/)[line - 1] ?? '' }),
      },
    ])
  }
  keepExactIntegers(doc)
  const locate = (path: Path, atKey = false) => {
    const offset = offsetOf(doc, path, atKey)
    if (offset === undefined) return undefined
    const { line, col } = lineCounter.linePos(offset)
    return { line, column: col }
  }
  return validateScenario(doc.toJS({ maxAliasCount: 1000 }), file, locate)
}

/** Validates a scenario given as a value (already parsed); `locate` maps paths to source positions. */
export function validateScenario(
  input: unknown,
  file = '<object>',
  locate: (path: Path, atKey?: boolean) => SourcePosition | undefined = () => undefined,
): LoadedScenario {
  const problem = (path: Path, message: string, atKey = false): ScenarioProblem => ({
    file,
    ...locate(path, atKey),
    ...stepOf(input, path),
    path: relativePath(path),
    message,
  })
  const parsed = scenarioSchema.safeParse(input)
  if (!parsed.success)
    throw new ScenarioError(
      file,
      parsed.error.issues.flatMap((issue) => issueProblems(issue, [], input, problem)),
    )
  const steps = parsed.data.steps.map(tagStep)
  const problems = checkScenario(parsed.data, steps, problem)
  if (problems.length > 0) throw new ScenarioError(file, problems)
  return { scenario: parsed.data, steps, file, locate }
}

type Problem = (path: Path, message: string, atKey?: boolean) => ScenarioProblem

/** zod's issues as problems: a step that matches no kind is diagnosed by its action key. */
/** The schema an issue came from, and how many leading parts of its path lead to that schema's value. */
interface IssueSchema {
  root: z.core.$ZodType
  depth: number
}

function issueProblems(
  issue: z.core.$ZodIssue,
  prefix: Path,
  input: unknown,
  problem: Problem,
  schema: IssueSchema = { root: scenarioSchema, depth: 0 },
): ScenarioProblem[] {
  const path = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))]
  if (issue.code === 'invalid_union' && path.length === 2 && path[0] === 'steps') {
    return diagnoseStep(valueAt(input, path), path, input, problem)
  }
  if (issue.code === 'invalid_union') {
    // The branch whose type matched the value, with the fewest problems, says what is wrong inside it.
    const [closest] = issue.errors.filter((branch) => !branch.some((i) => i.path.length === 0 && i.code === 'invalid_type')).sort((a, b) => a.length - b.length)
    if (closest) return closest.flatMap((i) => issueProblems(i, path, input, problem, schema))
    const expected = issue.errors.flatMap((branch) => branch.flatMap((i) => (i.code === 'invalid_type' ? [i.expected] : [])))
    const received = describeType(valueAt(input, path))
    return [problem(path, `expected ${[...new Set(expected)].join(' or ')}, got ${received}`)]
  }
  if (issue.code === 'unrecognized_keys') {
    const at = path.slice(schema.depth)
    const object = valueAt(input, path)
    // One unknown key where one required key is missing: that key was meant (`deep` for `depth`).
    const missing = requiredKeysAt(schema.root, at).filter((key) => object === null || typeof object !== 'object' || !Object.hasOwn(object, key))
    const meant = issue.keys.length === 1 && missing.length === 1 ? missing[0] : undefined
    return issue.keys.map((key) => problem([...path, key], `unknown key "${key}"${unknownKeyHint(key, keysAt(schema.root, at), object, meant)}`, true))
  }
  const value = valueAt(input, path)
  if (issue.code === 'invalid_type' && value === undefined) return [problem(path, `missing (${issue.expected} required)`)]
  if (issue.code === 'invalid_type') {
    return [
      problem(path, `expected ${descriptionAt(schema.root, path.slice(schema.depth)) ?? issue.expected}, got ${describeType(value)} ${JSON.stringify(value)}`),
    ]
  }
  return [problem(path, issue.message)]
}

/**
 * What an unknown key was meant to be: a flow mapping (`{ }`) splits an unquoted signature at its comma, leaving
 * `uint256)` as a key of its own beside `function: transfer(address`; else the nearest key there is.
 */
function unknownKeyHint(key: string, known: readonly string[], object: unknown, missing: string | undefined): string {
  const values = object !== null && typeof object === 'object' ? Object.values(object) : []
  const split = key.includes(')') && values.some((value) => typeof value === 'string' && value.includes('(') && !value.includes(')'))
  if (split) return ': a signature inside { } is cut at its commas; quote it ("transfer(address,uint256)")'
  const near = nearestName(key, known) ?? missing
  return near === undefined ? '' : `; did you mean ${near}?`
}

/** Why a step matched none of the kinds: no action, several, or what is wrong with its one action. */
function diagnoseStep(step: unknown, path: Path, input: unknown, problem: Problem): ScenarioProblem[] {
  const kinds = `one of ${STEP_KINDS.join(', ')}`
  if (step === null || typeof step !== 'object' || Array.isArray(step)) {
    return [problem(path, `a step is an object with one action (${kinds})`)]
  }
  const actions = STEP_KINDS.filter((kind) => Object.hasOwn(step, kind))
  if (actions.length === 0) {
    const unknown = Object.keys(step).filter((key) => !['name', 'network', 'as', 'expect'].includes(key))
    const named = unknown.map((key) => {
      const near = nearestName(key, STEP_KINDS)
      return near === undefined ? key : `${key}; did you mean ${near}?`
    })
    const hint = unknown.length > 0 ? ` (unknown key${unknown.length > 1 ? 's' : ''} ${named.join(', ')})` : ''
    return [problem(path, `the step has no action: expected ${kinds}${hint}`)]
  }
  if (actions.length > 1) return [problem(path, `the step has more than one action (${actions.join(', ')}): one per step`)]
  const root = STEPS[actions[0] as StepKind].schema
  const parsed = root.safeParse(step)
  return parsed.success ? [] : parsed.error.issues.flatMap((issue) => issueProblems(issue, path, input, problem, { root, depth: path.length }))
}

/** Checks beyond the schema: names, references, networks, and what each step's kind checks. */
function checkScenario(scenario: Scenario, steps: readonly TaggedStep[], problem: Problem): ScenarioProblem[] {
  const problems: ScenarioProblem[] = []
  const networks = (scenario.networks ?? []).map((n) => n.name)
  networks.forEach((name, i) => {
    if (networks.indexOf(name) !== i) problems.push(problem(['networks', i, 'name'], `duplicate network name "${name}"`))
  })
  const accounts = scenario.accounts ?? {}
  if (Object.hasOwn(accounts, ITERATION_NAME)) {
    problems.push(problem(['accounts', ITERATION_NAME], `"${ITERATION_NAME}" is the iteration number of steps with repeat; name the account otherwise`, true))
  }
  for (const [name, index] of Object.entries(accounts)) {
    if (index >= SCENARIO_ACCOUNT_COUNT) {
      problems.push(
        problem(['accounts', name], `dev account ${index} does not exist (there are ${SCENARIO_ACCOUNT_COUNT}: 0 to ${SCENARIO_ACCOUNT_COUNT - 1})`),
      )
    }
  }
  const bound = new Set(Object.keys(accounts))
  const watchers = new Set<string>()
  steps.forEach((tagged, i) => {
    const { kind, step } = tagged
    const at = (...rest: ReadonlyArray<string | number>): Path => ['steps', i, ...rest]
    if (step.network !== undefined && !(networks.length === 0 ? ['dev'] : networks).includes(step.network)) {
      problems.push(problem(at('network'), `no network "${step.network}" (networks: ${(networks.length === 0 ? ['dev'] : networks).join(', ')})`))
    }
    const { name: _name, as: _as, ...body } = step as typeof step & { as?: string }
    for (const reference of referencesIn(body)) {
      if (reference.name === ITERATION_NAME && step.repeat === undefined) {
        problems.push(problem(at(...reference.path), `$${ITERATION_NAME} is the iteration number of a step with repeat; this step has none`))
      } else if (reference.name !== ITERATION_NAME && !bound.has(reference.name)) {
        const known = bound.size === 0 ? 'none' : [...bound].map((n) => `$${n}`).join(', ')
        problems.push(problem(at(...reference.path), `$${reference.name} is not bound by an earlier step (bound so far: ${known})`))
      }
    }
    checkStep(tagged, { report: (path, message) => problems.push(problem(at(...path), message)), accounts, bound, watchers })
    const as = (step as { as?: string }).as
    if (as !== undefined) {
      if (Object.hasOwn(accounts, as)) problems.push(problem(at('as'), `"${as}" is an account name; bind another name`))
      if (as === ITERATION_NAME) problems.push(problem(at('as'), `"${ITERATION_NAME}" is the iteration number of steps with repeat; bind another name`))
      bound.add(as)
      if (kind === 'filter' || kind === 'subscribe') watchers.add(as)
      else watchers.delete(as)
    }
  })
  return problems
}

/** Unquoted numbers too large for a double keep their exact value (a bigint), read from the file's text. */
function keepExactIntegers(doc: Document): void {
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'number' || Number.isSafeInteger(node.value) || node.source === undefined) return
      const exact = exactInteger(node.source)
      if (exact !== undefined) node.value = exact
    },
  })
}

/**
 * The source offset of the node at `path`, or of its nearest existing parent; with `atKey`, of the key that
 * names it (an unknown key is shown where it is written).
 */
function offsetOf(doc: Document, path: Path, atKey: boolean): number | undefined {
  if (atKey && path.length > 0) {
    const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true)
    const pair = isMap(parent) ? parent.items.find((item) => isScalar(item.key) && item.key.value === path[path.length - 1]) : undefined
    if (pair && isScalar(pair.key) && pair.key.range) return pair.key.range[0]
  }
  for (let length = path.length; length >= 0; length--) {
    const node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true)
    if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) return node.range[0] as number
  }
  return undefined
}

/** The step a path is in, by number (1-based) and name. */
function stepOf(input: unknown, path: Path): { step?: { number: number; name: string } } {
  if (path[0] !== 'steps' || typeof path[1] !== 'number') return {}
  const raw = valueAt(input, path.slice(0, 2))
  return { step: { number: path[1] + 1, name: rawStepName(raw) } }
}

/** A step's name before it is validated: its `name`, else a summary of its action when it parses. */
function rawStepName(raw: unknown): string {
  if (raw !== null && typeof raw === 'object') {
    const name = (raw as { name?: unknown }).name
    if (typeof name === 'string' && name !== '') return name
    for (const kind of STEP_KINDS) {
      if (!Object.hasOwn(raw, kind)) continue
      const parsed = STEPS[kind].schema.safeParse(raw)
      return parsed.success ? describeStep(tagStep(parsed.data)) : kind
    }
  }
  return '(no action)'
}

function describeType(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  return Array.isArray(value) ? 'array' : typeof value === 'bigint' ? 'number' : typeof value
}

function relativePath(path: Path): string {
  return (path[0] === 'steps' && typeof path[1] === 'number' ? path.slice(2) : path).join('.')
}

function valueAt(input: unknown, path: Path): unknown {
  let current = input
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string | number, unknown>)[key]
  }
  return current
}
