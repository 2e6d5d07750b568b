#include "arduinojson_codec.h"

#include <ArduinoJson.h>

namespace beerscale {
namespace {

// Fields the firmware uses must have their types; a message that breaks this is ignored whole.
bool text(JsonVariantConst v, std::string& out) {
  if (!v.is<const char*>()) return false;
  out = v.as<const char*>();
  return true;
}

bool number(JsonVariantConst v, double& out) {
  if (!v.is<double>()) return false;
  out = v.as<double>();
  return true;
}

bool players(JsonVariantConst v, std::vector<Player>& out) {
  if (!v.is<JsonArrayConst>()) return false;
  for (JsonVariantConst p : v.as<JsonArrayConst>()) {
    Player player;
    double id = 0, position = 0;
    if (!number(p["id"], id) || !text(p["name"], player.name) || !number(p["position"], position))
      return false;
    player.id = static_cast<long>(id);
    player.position = static_cast<long>(position);
    out.push_back(player);
  }
  return true;
}

bool settings(JsonVariantConst v, Settings& out) {
  if (!v.is<JsonObjectConst>()) return false;
  for (JsonPairConst kv : v.as<JsonObjectConst>()) {
    if (kv.value().is<const char*>()) out[kv.key().c_str()] = kv.value().as<const char*>();
  }
  return true;
}

}  // namespace

bool ArduinoJsonCodec::decode(const std::string& raw, ServerMessage& out) {
  JsonDocument doc;
  if (deserializeJson(doc, raw)) return false;
  JsonObjectConst root = doc.as<JsonObjectConst>();
  if (root.isNull()) return false;
  out = ServerMessage{};
  if (!text(root["type"], out.typeName)) return false;
  out.type = serverTypeFromName(out.typeName);
  double value = 0;
  using T = ServerMessage::Type;
  switch (out.type) {
    case T::Welcome: {
      if (!root["key"].isNull()) {
        std::string key;
        if (!text(root["key"], key)) return false;
        out.key = key;
      }
      if (!number(root["protocol"], value)) return false;
      out.protocol = static_cast<int>(value);
      if (number(root["minor"], value)) out.minor = static_cast<int>(value);
      if (!settings(root["settings"], out.settings)) return false;
      out.hasSettings = true;
      JsonVariantConst game = root["game"];
      if (game.is<JsonObjectConst>()) {
        Game g;
        if (!number(game["gameId"], value)) return false;
        g.gameId = static_cast<long>(value);
        if (!text(game["containerType"], g.containerType) || !players(game["players"], g.players))
          return false;
        g.started = game["started"].is<bool>() && game["started"].as<bool>();
        out.game = g;
      }
      return true;
    }
    case T::Pairing:
      if (number(root["expiresIn"], value)) out.expiresIn = static_cast<long>(value);
      return text(root["code"], out.code);
    case T::Reject:
      if (number(root["retryAfter"], value)) out.retryAfter = static_cast<long>(value);
      return text(root["error"], out.error);
    case T::Configure:
      if (!number(root["gameId"], value)) return false;
      out.gameId = static_cast<long>(value);
      return text(root["cmdId"], out.cmdId) && text(root["containerType"], out.containerType) &&
             players(root["players"], out.players);
    case T::Start:
      if (!number(root["gameId"], value)) return false;
      out.gameId = static_cast<long>(value);
      return text(root["cmdId"], out.cmdId);
    case T::Display: {
      std::string player;
      if (text(root["player"], player)) out.player = player;
      if (number(root["target"], value)) out.target = value;
      return text(root["phase"], out.phase) && text(root["text"], out.text);
    }
    case T::Settings:
      out.hasSettings = true;
      return text(root["cmdId"], out.cmdId) && settings(root["settings"], out.settings);
    case T::Ping:
    case T::Pong:
    case T::Unknown:
      return true;
  }
  return true;
}

std::string ArduinoJsonCodec::encode(const ScaleMessage& m) {
  JsonDocument doc;
  using T = ScaleMessage::Type;
  switch (m.type) {
    case T::Hello:
      doc["type"] = "HELLO";
      doc["mac"] = m.mac;
      if (m.key) doc["key"] = *m.key;
      doc["firmware"] = m.firmware;
      doc["model"] = m.model;
      doc["protocol"] = kProtocol;
      doc["minor"] = kProtocolMinor;
      break;
    case T::Weight:
      doc["type"] = "WEIGHT";
      doc["grams"] = m.grams;
      doc["stable"] = m.stable;
      doc["seq"] = m.seq;
      break;
    case T::Ack:
      doc["type"] = "ACK";
      doc["cmdId"] = m.cmdId;
      break;
    case T::Nack:
      doc["type"] = "NACK";
      doc["cmdId"] = m.cmdId;
      doc["error"] = m.error;
      break;
    case T::Ping:
      doc["type"] = "PING";
      break;
    case T::Pong:
      doc["type"] = "PONG";
      break;
    case T::Status:
      doc["type"] = "STATUS";
      if (m.wifiFailedSsid) {
        doc["wifi"] = "failed";
        doc["ssid"] = *m.wifiFailedSsid;
      }
      if (m.calibrated) doc["calibrated"] = *m.calibrated;
      break;
  }
  std::string out;
  serializeJson(doc, out);
  return out;
}

}  // namespace beerscale
