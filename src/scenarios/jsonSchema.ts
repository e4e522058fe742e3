import { z } from 'zod'
import { scenarioSchema } from './schema.ts'

/** Where the published JSON Schema lives, relative to the project root (example files point at it). */
export const SCENARIO_JSON_SCHEMA_PATH = 'scenarios/scenario.schema.json'

/**
 * The scenario file format as a JSON Schema (draft 2020-12), generated from the zod schema, for editor
 * completion and hover help. Large numbers, which the player reads exactly from the file's text, are plain
 * integers to an editor.
 * @example writeFileSync(SCENARIO_JSON_SCHEMA_PATH, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`)
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(scenarioSchema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'bigint') ctx.jsonSchema.type = 'integer'
    },
  })
  return {
    ...schema,
    $id: 'https://github.com/chainsim/chainsim/scenarios/scenario.schema.json',
    title: 'chainsim scenario',
  }
}
