#include "messages.h"

#include <cmath>

namespace beerscale {

ScaleMessage ScaleMessage::hello(const std::string& mac, const std::optional<std::string>& key,
                                 const std::string& firmware, const std::string& model) {
  ScaleMessage m;
  m.type = Type::Hello;
  m.mac = mac;
  m.key = key;
  m.firmware = firmware;
  m.model = model;
  return m;
}

ScaleMessage ScaleMessage::weight(double grams, bool stable, unsigned long seq) {
  ScaleMessage m;
  m.type = Type::Weight;
  m.grams = roundToTenth(grams);
  m.stable = stable;
  m.seq = seq;
  return m;
}

ScaleMessage ScaleMessage::ack(const std::string& cmdId) {
  ScaleMessage m;
  m.type = Type::Ack;
  m.cmdId = cmdId;
  return m;
}

ScaleMessage ScaleMessage::nack(const std::string& cmdId, const std::string& error) {
  ScaleMessage m;
  m.type = Type::Nack;
  m.cmdId = cmdId;
  m.error = error;
  return m;
}

ScaleMessage ScaleMessage::simple(Type type) {
  ScaleMessage m;
  m.type = type;
  return m;
}

ScaleMessage ScaleMessage::wifiFailed(const std::string& ssid) {
  ScaleMessage m;
  m.type = Type::Status;
  m.wifiFailedSsid = ssid;
  return m;
}

ScaleMessage ScaleMessage::calibratedFactor(double factor) {
  ScaleMessage m;
  m.type = Type::Status;
  m.calibrated = factor;
  return m;
}

ServerMessage::Type serverTypeFromName(const std::string& name) {
  using T = ServerMessage::Type;
  if (name == "WELCOME") return T::Welcome;
  if (name == "PAIRING") return T::Pairing;
  if (name == "REJECT") return T::Reject;
  if (name == "CONFIGURE") return T::Configure;
  if (name == "START") return T::Start;
  if (name == "DISPLAY") return T::Display;
  if (name == "SETTINGS") return T::Settings;
  if (name == "PING") return T::Ping;
  if (name == "PONG") return T::Pong;
  return T::Unknown;
}

double roundToTenth(double grams) {
  double rounded = std::round(grams * 10.0) / 10.0;
  return rounded == 0.0 ? 0.0 : rounded;  // no "-0"
}

}  // namespace beerscale
