import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEVICE_REJECTS, HELLO_TIMEOUT_PREFIX } from './device-rejects';
import {
  DEVICE_HELLO_TIMEOUT_MS,
  DEVICE_MAX_WEIGHT_HZ,
  DEVICE_PING_ANSWER_MS,
  DEVICE_PROTOCOL_MINOR,
  DEVICE_PROTOCOL_VERSION,
  PAIRING_CODE_TTL_S,
} from './device-socket';
import { GAME_PLAYERS, PLAYER_NAME_MAX } from './limits';

/** Where the reference firmware reads the contract's numbers and texts. */
export const FIRMWARE_CONTRACT_HEADER = fileURLToPath(
  new URL('../../../firmware/core/src/contract.h', import.meta.url),
);

const cString = (text: string) => JSON.stringify(text);

/**
 * The device protocol's numbers and refusal texts as a C++ header, so the reference firmware
 * takes them from the contract instead of writing them again (the conformance kit and the
 * server import them directly). `firmware-contract.test.ts` keeps the committed header current;
 * `npx tsx packages/contract/src/firmware-contract.ts` writes it.
 */
export function firmwareContractHeader(): string {
  const lines = [
    '// Generated from packages/contract (src/firmware-contract.ts): do not edit by hand.',
    '// `npx tsx packages/contract/src/firmware-contract.ts` writes it again; a test keeps it current.',
    '#pragma once',
    '',
    '#include <cstdint>',
    '',
    'namespace beerscale::contract {',
    '',
    `constexpr int kProtocol = ${DEVICE_PROTOCOL_VERSION};`,
    `constexpr int kProtocolMinor = ${DEVICE_PROTOCOL_MINOR};`,
    '/** The server counts this many readings a second on average; more are dropped. */',
    `constexpr uint32_t kMaxWeightHz = ${DEVICE_MAX_WEIGHT_HZ};`,
    '/** HELLO within this long of the socket opening. */',
    `constexpr uint32_t kHelloTimeoutMs = ${DEVICE_HELLO_TIMEOUT_MS};`,
    '/** PONG within this long of a PING (a second device with the key is refused meanwhile). */',
    `constexpr uint32_t kPingAnswerMs = ${DEVICE_PING_ANSWER_MS};`,
    '/** A pairing code is valid this long (PAIRING says it in `expiresIn`). */',
    `constexpr uint32_t kPairingCodeTtlS = ${PAIRING_CODE_TTL_S};`,
    '/** A game has this many players at least and at most; a name has at most this many characters. */',
    `constexpr int kGamePlayersMin = ${GAME_PLAYERS.min};`,
    `constexpr int kGamePlayersMax = ${GAME_PLAYERS.max};`,
    `constexpr int kPlayerNameMax = ${PLAYER_NAME_MAX};`,
    '',
    '// REJECT texts the firmware acts on (docs/DEVICE-PROTOCOL.md, the refusal table).',
    `constexpr const char* kRejectKeyInUse = ${cString(DEVICE_REJECTS.keyInUse.error)};`,
    `constexpr const char* kRejectReplaced = ${cString(DEVICE_REJECTS.replaced.error)};`,
    `constexpr const char* kRejectMessageTooLarge = ${cString(DEVICE_REJECTS.messageTooLarge.error)};`,
    `constexpr const char* kRejectHelloTimeoutPrefix = ${cString(HELLO_TIMEOUT_PREFIX)};`,
    '',
    '}  // namespace beerscale::contract',
    '',
  ];
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(FIRMWARE_CONTRACT_HEADER, firmwareContractHeader());
  console.log(`wrote ${FIRMWARE_CONTRACT_HEADER}`);
}
