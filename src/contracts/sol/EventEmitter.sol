// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title EventEmitter
/// @notice Emits logs of every topic count, large payloads and bulk batches for log, filter and limit tests.
contract EventEmitter {
    /// @notice Contract-wide count of Tick events, so logs of otherwise identical emitMany calls stay distinguishable.
    uint256 public tickCount;

    event ZeroTopics(uint256 value) anonymous;
    event OneTopic(uint256 value);
    event TwoTopics(uint256 indexed a, uint256 value);
    event ThreeTopics(uint256 indexed a, address indexed b, uint256 value);
    event FourTopics(uint256 indexed a, address indexed b, bytes32 indexed c, uint256 value);
    event AnonymousFourTopics(uint256 indexed a, uint256 indexed b, uint256 indexed c, uint256 indexed d) anonymous;
    event LargeData(bytes data);
    event Tick(uint256 indexed i, address indexed sender, uint256 value);
    event BeforeRevert(address indexed sender);

    /// @notice Emits a log with no topics (anonymous event, `value` as data).
    function emitZeroTopics(uint256 value) external {
        emit ZeroTopics(value);
    }

    /// @notice Emits a log whose only topic is the event signature.
    function emitOneTopic(uint256 value) external {
        emit OneTopic(value);
    }

    /// @notice Emits a log with topics [signature, a].
    function emitTwoTopics(uint256 a, uint256 value) external {
        emit TwoTopics(a, value);
    }

    /// @notice Emits a log with topics [signature, a, b].
    function emitThreeTopics(uint256 a, address b, uint256 value) external {
        emit ThreeTopics(a, b, value);
    }

    /// @notice Emits a log with topics [signature, a, b, c].
    function emitFourTopics(uint256 a, address b, bytes32 c, uint256 value) external {
        emit FourTopics(a, b, c, value);
    }

    /// @notice Emits an anonymous log with topics [a, b, c, d] and no signature topic or data.
    function emitAnonymous(uint256 a, uint256 b, uint256 c, uint256 d) external {
        emit AnonymousFourTopics(a, b, c, d);
    }

    /// @notice Emits `data` ABI-encoded as the log data, to test large payloads.
    function emitLargeData(bytes calldata data) external {
        emit LargeData(data);
    }

    /// @notice Emits `count` Tick(i, msg.sender, tickCount + i) events, for limit tests and benchmarks.
    function emitMany(uint256 count) external {
        uint256 first = tickCount;
        for (uint256 i = 0; i < count; ++i) {
            emit Tick(i, msg.sender, first + i);
        }
        tickCount = first + count;
    }

    /// @notice Emits BeforeRevert, then reverts with Error(`reason`); the log must never surface.
    function revertWith(string calldata reason) external {
        // The event also keeps this function non-view, so it can be sent as a transaction.
        emit BeforeRevert(msg.sender);
        revert(reason);
    }

    /// @notice Emits BeforeRevert, then fails an assert, reverting with Panic(0x01).
    function panic() external {
        emit BeforeRevert(msg.sender);
        assert(false);
    }
}
