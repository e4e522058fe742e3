// The log index: canonical logs by address and topic, criteria matching, and the parameter count of the limits.
export { countCriteriaParameters } from './countCriteriaParameters.ts'
export { LogIndex } from './logIndex.ts'
export { matchesCriteria } from './matchesCriteria.ts'
export type * from './types.ts'
