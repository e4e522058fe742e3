// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A contract that holds ether for an owner until a release time, and forwards calls as itself: enough to use
/// the time helpers, a fixture, and a contract's address impersonated as a sender.
contract Vault {
    address public immutable owner;
    uint256 public immutable releaseTime;
    uint256 public deposits;

    event Deposited(address indexed from, uint256 amount);

    constructor(uint256 lockSeconds) payable {
        owner = msg.sender;
        releaseTime = block.timestamp + lockSeconds;
    }

    function deposit() external payable {
        deposits += msg.value;
        emit Deposited(msg.sender, msg.value);
    }

    function withdraw() external {
        require(block.timestamp >= releaseTime, "still locked");
        require(msg.sender == owner, "not the owner");
        (bool sent, ) = owner.call{value: address(this).balance}("");
        require(sent, "transfer failed");
    }

    receive() external payable {}
}
