import { z } from 'zod'
import { networkConfig } from '../config/schema.ts'
import { parseDeclaredAbi } from '../decoding/declaredAbis.ts'
import { AbiDeclarationError } from '../decoding/errors.ts'
import { count, identifier } from './schemaParts.ts'
import { STEP_KINDS, STEPS } from './steps/index.ts'

/**
 * The scenario file format (YAML, or JSON), as zod schemas. Each step kind's schema lives in its module
 * (src/scenarios/steps/); this file puts them together. `scenarios/scenario.schema.json` is generated from
 * these (`npm run scenario-schema`) for editor completion; a test keeps it up to date.
 */

export { BUNDLED_CONTRACT_NAMES } from './schemaParts.ts'
export type { CallExpectation, ChangesExpectation, TransactionExpectation } from './schemaParts.ts'
export type { ScenarioStep, StepKind } from './steps/index.ts'
export { STEP_KINDS } from './steps/index.ts'

type StepSchema = (typeof STEPS)[keyof typeof STEPS]['schema']

/** One step: exactly one action key (deploy, send, ...) and the keys that go with it. */
export const step = z.union(STEP_KINDS.map((kind) => STEPS[kind].schema) as unknown as [StepSchema, ...StepSchema[]])

/** A whole scenario file. */
export const scenarioSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1).describe('what the scenario shows'),
    description: z.string().optional(),
    clock: z
      .object({
        genesisTime: count.optional().describe('genesis timestamp, seconds (default 1700000000)'),
        blockTime: z.number().int().positive().optional().describe('seconds per block (default 12)'),
      })
      .strict()
      .optional()
      .describe('block n is stamped genesisTime + n × blockTime, so every run gives the same hashes'),
    networks: z.array(networkConfig).min(1).optional().describe('the networks, as in the config file (default: one `dev`, chain id 31337, automine)'),
    abis: z
      .record(
        identifier,
        z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).superRefine((entries, ctx) => {
          try {
            parseDeclaredAbi('check', entries)
          } catch (error) {
            if (!(error instanceof AbiDeclarationError)) throw error
            ctx.addIssue({ code: 'custom', path: [error.index], message: `not an ABI entry viem can read: ${error.message}` })
          }
        }),
      )
      .optional()
      .describe('ABIs the explorer decodes logs and calls with, by name: Solidity-style lines or JSON ABI entries'),
    accounts: z
      .record(identifier, z.number().int().min(0))
      .optional()
      .describe('names for dev accounts: alice: 0 (then from: alice, and $alice is its address)'),
    steps: z.array(step).min(1),
  })
  .strict()

export type Scenario = z.output<typeof scenarioSchema>
