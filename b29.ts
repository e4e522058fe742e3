import { measureJournalCost, measureRestore } from './scripts/bench/stateFile.ts'
const which = process.argv[2]
if (which === 'restore') console.log(await measureRestore(Number(process.argv[3]), 3))
else console.log(await measureJournalCost(Number(process.argv[3] ?? 2), 1500))
