const assert = require('node:assert/strict')
const { ethers } = require('hardhat')
const { loadFixture, time, mine, impersonateAccount, stopImpersonatingAccount, setBalance } = require('@nomicfoundation/hardhat-network-helpers')

const HOUR = 3600

async function deployVault() {
  const [owner, other] = await ethers.getSigners()
  const vault = await ethers.deployContract('Vault', [HOUR], { value: ethers.parseEther('1') })
  await vault.waitForDeployment()
  return { vault, owner, other }
}

describe('Vault on chainsim, through hardhat-network-helpers', () => {
  it('loadFixture deploys once and gives each test the same fresh chain', async () => {
    const { vault, other } = await loadFixture(deployVault)
    await (await vault.connect(other).deposit({ value: 5n })).wait()
    assert.equal(await vault.deposits(), 5n)
  })

  it('a second loadFixture reverts what the first test did', async () => {
    const { vault } = await loadFixture(deployVault)
    assert.equal(await vault.deposits(), 0n)
  })

  it('time.increase unlocks the vault; before it the withdrawal reverts', async () => {
    const { vault } = await loadFixture(deployVault)
    await assert.rejects(vault.withdraw(), /still locked/)
    await time.increase(HOUR)
    await (await vault.withdraw()).wait()
    assert.equal(await ethers.provider.getBalance(await vault.getAddress()), 0n)
  })

  it('time.latest and time.increaseTo agree with the mined block', async () => {
    await loadFixture(deployVault)
    const target = (await time.latest()) + 10 * HOUR
    await time.increaseTo(target)
    assert.equal(await time.latest(), target)
  })

  it('mine(n) mines n blocks', async () => {
    await loadFixture(deployVault)
    const before = await time.latestBlock()
    await mine(25)
    assert.equal(await time.latestBlock(), before + 25)
  })

  it('a contract address impersonated sends as itself', async () => {
    const { vault, other } = await loadFixture(deployVault)
    const address = await vault.getAddress()
    await impersonateAccount(address)
    await setBalance(address, ethers.parseEther('10'))
    const asVault = await ethers.getSigner(address)
    const received = await ethers.provider.getBalance(other.address)
    const receipt = await (await asVault.sendTransaction({ to: other.address, value: 1n })).wait()
    await stopImpersonatingAccount(address)
    assert.equal(receipt.from.toLowerCase(), address.toLowerCase())
    assert.equal(await ethers.provider.getBalance(other.address), received + 1n)
  })

  it('hardhat-predeploy put the ERC-4337 entry point in place', async () => {
    const code = await ethers.provider.getCode('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    assert.notEqual(code, '0x')
  })
})
