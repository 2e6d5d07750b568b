#pragma once
// The device protocol's messages as plain structs (docs/DEVICE-PROTOCOL.md). A Codec turns
// them into JSON and back, so the core does not depend on a JSON library.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "contract.h"

namespace beerscale {

/** The protocol this firmware speaks (HELLO says it): the contract's, from contract.h. */
constexpr int kProtocol = contract::kProtocol;
constexpr int kProtocolMinor = contract::kProtocolMinor;

using Settings = std::map<std::string, std::string>;

struct Player {
  long id = 0;
  std::string name;
  long position = 0;
};

struct Game {
  long gameId = 0;
  std::string containerType;
  std::vector<Player> players;
  bool started = false;
};

/** A message from the server; fields the type does not have stay empty. */
struct ServerMessage {
  enum class Type {
    Welcome,
    Pairing,
    Reject,
    Configure,
    Start,
    Display,
    Settings,
    Ping,
    Pong,
    /** A type this firmware does not know: ignored (newer servers may add some). */
    Unknown,
  };
  Type type = Type::Unknown;
  std::string typeName;
  // WELCOME
  std::optional<std::string> key;
  int protocol = 1;
  /** WELCOME's `minor`, absent from a protocol 1.0 server. */
  int minor = 0;
  bool hasSettings = false;
  Settings settings;
  std::optional<Game> game;
  // PAIRING
  std::string code;
  long expiresIn = 0;
  // REJECT
  std::string error;
  std::optional<long> retryAfter;
  // CONFIGURE, START, SETTINGS
  std::string cmdId;
  long gameId = 0;
  std::string containerType;
  std::vector<Player> players;
  // DISPLAY
  std::string phase;
  std::optional<std::string> player;
  std::optional<double> target;
  std::string text;
};

/** A message from the scale. */
struct ScaleMessage {
  enum class Type { Hello, Weight, Ack, Nack, Ping, Pong, Status };
  Type type = Type::Ping;
  // HELLO
  std::string mac;
  std::optional<std::string> key;
  std::string firmware;
  std::string model;
  // WEIGHT
  double grams = 0;
  bool stable = false;
  unsigned long seq = 0;
  // ACK, NACK
  std::string cmdId;
  std::string error;
  // STATUS: one of the two
  std::optional<std::string> wifiFailedSsid;
  std::optional<double> calibrated;

  static ScaleMessage hello(const std::string& mac, const std::optional<std::string>& key,
                            const std::string& firmware, const std::string& model);
  static ScaleMessage weight(double grams, bool stable, unsigned long seq);
  static ScaleMessage ack(const std::string& cmdId);
  static ScaleMessage nack(const std::string& cmdId, const std::string& error);
  static ScaleMessage simple(Type type);
  static ScaleMessage wifiFailed(const std::string& ssid);
  static ScaleMessage calibratedFactor(double factor);
};

/** JSON in and out. One implementation per JSON library: nlohmann-json on the host
 *  (firmware/host/json_codec_nlohmann.cpp), ArduinoJson 7 on the ESP32. */
class Codec {
 public:
  virtual ~Codec() = default;
  /** False when the text is not a JSON object with a string `type` or a known type's fields
   *  have the wrong types; an unknown type decodes to Type::Unknown. */
  virtual bool decode(const std::string& text, ServerMessage& out) = 0;
  virtual std::string encode(const ScaleMessage& message) = 0;
};

/** The wire name of a server message type (WELCOME, ...), or "" for Unknown. */
ServerMessage::Type serverTypeFromName(const std::string& name);
/** One decimal is plenty (the document says so); also keeps the frames short. */
double roundToTenth(double grams);

}  // namespace beerscale
