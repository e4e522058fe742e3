import { readFileSync } from 'node:fs'
import { readFrames } from './src/persistence/journalFile.ts'
import { decodeRlp, asList, decodeBlock, rulesByFork, parseGethGenesis } from './src/evm/index.ts'
import { StoredBlock } from './src/chain/storedBlock.ts'
const { payloads } = readFrames(readFileSync('/tmp/k29/prof.state'))
const records: Uint8Array[] = []
for (const p of payloads) {
  const [kind, , ...fields] = asList(decodeRlp(p), 'f') as Uint8Array[]
  if (kind![0] === 2) for (const f of fields) records.push(f)
}
const genesis = JSON.parse(new TextDecoder().decode((asList(decodeRlp(payloads[0]!), 'f')[2]) as Uint8Array))
const rules = rulesByFork(parseGethGenesis(genesis).common)
const kept: unknown[] = []
const c = process.cpuUsage(); const t = performance.now()
for (const rec of records) kept.push(new StoredBlock(decodeBlock(rec, rules)))
const u = process.cpuUsage(c)
console.log('retained decode', Math.round(performance.now() - t), 'ms, cpu', Math.round((u.user+u.system)/1000), kept.length)
