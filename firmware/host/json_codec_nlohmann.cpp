#include "json_codec_nlohmann.h"

#include <nlohmann/json.hpp>

namespace beerscale {
namespace {

using nlohmann::json;

// A wrong type of a field the firmware uses makes the message malformed (ignored as a whole);
// fields it does not use are never looked at.
struct Malformed {};

std::string text(const json& object, const char* name) {
  auto it = object.find(name);
  if (it == object.end() || !it->is_string()) throw Malformed{};
  return it->get<std::string>();
}

std::optional<std::string> optionalText(const json& object, const char* name) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) throw Malformed{};
  return it->get<std::string>();
}

double number(const json& object, const char* name) {
  auto it = object.find(name);
  if (it == object.end() || !it->is_number()) throw Malformed{};
  return it->get<double>();
}

std::optional<double> optionalNumber(const json& object, const char* name) {
  auto it = object.find(name);
  if (it == object.end() || it->is_null()) return std::nullopt;
  if (!it->is_number()) throw Malformed{};
  return it->get<double>();
}

std::vector<Player> players(const json& object) {
  auto it = object.find("players");
  if (it == object.end() || !it->is_array()) throw Malformed{};
  std::vector<Player> out;
  for (const auto& p : *it) {
    if (!p.is_object()) throw Malformed{};
    out.push_back({static_cast<long>(number(p, "id")), text(p, "name"),
                   static_cast<long>(number(p, "position"))});
  }
  return out;
}

Settings settings(const json& object) {
  auto it = object.find("settings");
  if (it == object.end() || !it->is_object()) throw Malformed{};
  Settings out;
  for (const auto& [name, value] : it->items()) {
    if (value.is_string()) out[name] = value.get<std::string>();
  }
  return out;
}

}  // namespace

bool NlohmannCodec::decode(const std::string& raw, ServerMessage& out) {
  json doc = json::parse(raw, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return false;
  try {
    out = ServerMessage{};
    out.typeName = text(doc, "type");
    out.type = serverTypeFromName(out.typeName);
    using T = ServerMessage::Type;
    switch (out.type) {
      case T::Welcome: {
        out.key = optionalText(doc, "key");
        out.protocol = static_cast<int>(number(doc, "protocol"));
        out.minor = static_cast<int>(optionalNumber(doc, "minor").value_or(0));
        out.settings = settings(doc);
        out.hasSettings = true;
        auto game = doc.find("game");
        if (game != doc.end() && game->is_object()) {
          Game g;
          g.gameId = static_cast<long>(number(*game, "gameId"));
          g.containerType = text(*game, "containerType");
          g.players = players(*game);
          auto started = game->find("started");
          g.started = started != game->end() && started->is_boolean() && started->get<bool>();
          out.game = g;
        }
        break;
      }
      case T::Pairing:
        out.code = text(doc, "code");
        out.expiresIn = static_cast<long>(optionalNumber(doc, "expiresIn").value_or(0));
        break;
      case T::Reject: {
        out.error = text(doc, "error");
        auto retry = optionalNumber(doc, "retryAfter");
        if (retry) out.retryAfter = static_cast<long>(*retry);
        break;
      }
      case T::Configure:
        out.cmdId = text(doc, "cmdId");
        out.gameId = static_cast<long>(number(doc, "gameId"));
        out.containerType = text(doc, "containerType");
        out.players = players(doc);
        break;
      case T::Start:
        out.cmdId = text(doc, "cmdId");
        out.gameId = static_cast<long>(number(doc, "gameId"));
        break;
      case T::Display:
        out.phase = text(doc, "phase");
        out.player = optionalText(doc, "player");
        out.target = optionalNumber(doc, "target");
        out.text = text(doc, "text");
        break;
      case T::Settings:
        out.cmdId = text(doc, "cmdId");
        out.settings = settings(doc);
        out.hasSettings = true;
        break;
      case T::Ping:
      case T::Pong:
      case T::Unknown:
        break;
    }
    return true;
  } catch (const Malformed&) {
    return false;
  } catch (const json::exception&) {
    return false;
  }
}

std::string NlohmannCodec::encode(const ScaleMessage& m) {
  using T = ScaleMessage::Type;
  json doc;
  switch (m.type) {
    case T::Hello:
      doc = {{"type", "HELLO"}, {"mac", m.mac}, {"protocol", kProtocol}, {"minor", kProtocolMinor}};
      if (m.key) doc["key"] = *m.key;
      if (!m.firmware.empty()) doc["firmware"] = m.firmware;
      if (!m.model.empty()) doc["model"] = m.model;
      break;
    case T::Weight:
      doc = {{"type", "WEIGHT"}, {"grams", m.grams}, {"stable", m.stable}, {"seq", m.seq}};
      break;
    case T::Ack:
      doc = {{"type", "ACK"}, {"cmdId", m.cmdId}};
      break;
    case T::Nack:
      doc = {{"type", "NACK"}, {"cmdId", m.cmdId}, {"error", m.error}};
      break;
    case T::Ping:
      doc = {{"type", "PING"}};
      break;
    case T::Pong:
      doc = {{"type", "PONG"}};
      break;
    case T::Status:
      doc = {{"type", "STATUS"}};
      if (m.wifiFailedSsid) {
        doc["wifi"] = "failed";
        doc["ssid"] = *m.wifiFailedSsid;
      }
      if (m.calibrated) doc["calibrated"] = *m.calibrated;
      break;
  }
  return doc.dump();
}

}  // namespace beerscale
