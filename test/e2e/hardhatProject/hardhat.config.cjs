// A minimal Hardhat 2 project whose tests use hardhat-network-helpers and hardhat-predeploy, pointed at a served
// chainsim (CHAINSIM_URL) with no change on the client side: test/e2e/hardhatProject.test.ts runs it.
const { join } = require('node:path')
const { tmpdir } = require('node:os')
const { subtask } = require('hardhat/config')
const { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } = require('hardhat/builtin-tasks/task-names')
require('@nomicfoundation/hardhat-ethers')
require('hardhat-predeploy')

// Hardhat downloads native solc, which this machine cannot fetch: compile with solc-js from the npm registry.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async () => {
  const solc = require('solc')
  return { version: '0.8.37', longVersion: solc.version(), compilerPath: require.resolve('solc/soljson.js'), isSolcJs: true }
})

// Build output goes to a folder of the run's own, so that the repository stays clean.
const out = process.env.HARDHAT_OUT ?? join(tmpdir(), 'chainsim-hardhat-project')

module.exports = {
  solidity: '0.8.37',
  defaultNetwork: 'chainsim',
  networks: { chainsim: { url: process.env.CHAINSIM_URL ?? 'http://127.0.0.1:8545' } },
  paths: { cache: join(out, 'cache'), artifacts: join(out, 'artifacts') },
  mocha: { timeout: 60_000 },
}
