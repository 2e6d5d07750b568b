// Generated from packages/contract (src/firmware-contract.ts): do not edit by hand.
// `npx tsx packages/contract/src/firmware-contract.ts` writes it again; a test keeps it current.
#pragma once

#include <cstdint>

namespace beerscale::contract {

constexpr int kProtocol = 1;
constexpr int kProtocolMinor = 1;
/** The server counts this many readings a second on average; more are dropped. */
constexpr uint32_t kMaxWeightHz = 12;
/** HELLO within this long of the socket opening. */
constexpr uint32_t kHelloTimeoutMs = 5000;
/** PONG within this long of a PING (a second device with the key is refused meanwhile). */
constexpr uint32_t kPingAnswerMs = 5000;
/** A pairing code is valid this long (PAIRING says it in `expiresIn`). */
constexpr uint32_t kPairingCodeTtlS = 600;
/** A game has this many players at least and at most; a name has at most this many characters. */
constexpr int kGamePlayersMin = 2;
constexpr int kGamePlayersMax = 10;
constexpr int kPlayerNameMax = 10;

// REJECT texts the firmware acts on (docs/DEVICE-PROTOCOL.md, the refusal table).
constexpr const char* kRejectKeyInUse = "Key in use by a connected scale";
constexpr const char* kRejectReplaced = "Replaced by a newer connection of this scale";
constexpr const char* kRejectMessageTooLarge = "Message too large";
constexpr const char* kRejectHelloTimeoutPrefix = "HELLO expected within";

}  // namespace beerscale::contract
