import type { ProviderShape } from './providerShape.ts'

/** No limits at all: every query is answered, however wide or large (Anvil, Hardhat and Ganache cap nothing). */
export const none: ProviderShape = { limits: {}, words: {} }
