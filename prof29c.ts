import { readFileSync } from 'node:fs'
import { readFrames } from './src/persistence/journalFile.ts'
import { decodeRlp, asList, asBytes, decodeBlock, rulesByFork, parseGethGenesis } from './src/evm/index.ts'
import { StoredBlock } from './src/chain/storedBlock.ts'
const bytes = readFileSync('/tmp/k29/prof.state')
const { payloads } = readFrames(bytes)
const blockPayloads = payloads.filter((p) => p[1] === 2 || (p.length > 2000))
const records: Uint8Array[] = []
for (const p of payloads) {
  const [kind, , ...fields] = asList(decodeRlp(p), 'f') as Uint8Array[]
  if (kind![0] === 2) for (const f of fields) records.push(f)
}
console.log('records', records.length)
const genesis = JSON.parse(new TextDecoder().decode((asList(decodeRlp(payloads[0]!), 'f')[2]) as Uint8Array))
const rules = rulesByFork(parseGethGenesis(genesis).common)
const time = (name: string, fn: () => void) => { const c = process.cpuUsage(); const t = performance.now(); fn(); const u = process.cpuUsage(c); console.log(name, Math.round(performance.now() - t), 'ms, cpu', Math.round((u.user+u.system)/1000)) }
for (let r = 0; r < 2; r++) {
  time('rlp only', () => { for (const rec of records) decodeRlp(rec) })
  time('decodeBlock', () => { for (const rec of records) decodeBlock(rec, rules) })
  time('StoredBlock', () => { for (const rec of records) new StoredBlock(decodeBlock(rec, rules)) })
}
