import { defineMethod, returns } from '../defineMethod.ts'

/** Otterscan refuses a node below the level it was built for; 8 is the level Anvil answers and Otterscan 2 asks. */
const OTTERSCAN_API_LEVEL = 8

export const ots_getApiLevel = defineMethod({
  name: 'ots_getApiLevel',
  description: "The level of Otterscan's API served (8).",
  params: [],
  result: returns<number>(),
  handler: () => OTTERSCAN_API_LEVEL,
})
