import { z } from 'zod'
import { HARDFORK_CHOICES, parseHardfork, UnknownHardforkError } from '../evm/index.ts'

/** A hardfork name as Anvil's `--hardfork` takes it, case-insensitively; refused naming the accepted ones. */
export const hardforkName = z
  .string()
  .describe(`a hardfork name: ${HARDFORK_CHOICES.join(', ')} (any case)`)
  .superRefine((name, ctx) => {
    try {
      parseHardfork(name)
    } catch (error) {
      if (!(error instanceof UnknownHardforkError)) throw error
      ctx.addIssue({ code: 'custom', message: error.message })
    }
  })
