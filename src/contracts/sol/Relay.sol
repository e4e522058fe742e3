// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Relay
/// @notice Calls other contracts in every way the EVM can (CALL, STATICCALL, DELEGATECALL, CREATE, CREATE2), so
/// that one transaction can open nested call frames of each kind: for traces and call trees.
contract Relay {
    /// @notice Count of successful `forward` calls, so that a forward writes storage.
    uint256 public forwards;

    event Forwarded(address indexed target, uint256 value);
    event Attempted(address indexed target, bool success);

    /// @notice Calls `target` with `data` and this call's value; a failure reverts with the callee's revert data.
    function forward(address target, bytes calldata data) external payable returns (bytes memory) {
        (bool success, bytes memory result) = target.call{value: msg.value}(data);
        if (!success) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
        forwards += 1;
        emit Forwarded(target, msg.value);
        return result;
    }

    /// @notice Calls `target` and reports whether it succeeded, without failing itself.
    function attempt(address target, bytes calldata data) external returns (bool success) {
        (success, ) = target.call(data);
        emit Attempted(target, success);
    }

    /// @notice Reads from `target` with STATICCALL.
    function peek(address target, bytes calldata data) external view returns (bytes memory) {
        (bool success, bytes memory result) = target.staticcall(data);
        require(success, "peek failed");
        return result;
    }

    /// @notice Runs `target`'s code on this contract's storage (DELEGATECALL).
    function borrow(address target, bytes calldata data) external returns (bytes memory) {
        (bool success, bytes memory result) = target.delegatecall(data);
        require(success, "borrow failed");
        return result;
    }

    /// @notice Deploys `initCode` with CREATE, endowed with this call's value.
    function spawn(bytes memory initCode) external payable returns (address created) {
        assembly {
            created := create(callvalue(), add(initCode, 32), mload(initCode))
        }
        require(created != address(0), "spawn failed");
    }

    /// @notice Deploys `initCode` with CREATE2 under `salt`.
    function spawnAt(bytes32 salt, bytes memory initCode) external payable returns (address created) {
        assembly {
            created := create2(callvalue(), add(initCode, 32), mload(initCode), salt)
        }
        require(created != address(0), "spawnAt failed");
    }

    receive() external payable {}
}
