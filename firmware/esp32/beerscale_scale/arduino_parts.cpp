#include "arduino_parts.h"

#include <Arduino.h>
#include <WiFi.h>

#include <atomic>

namespace beerscale {
namespace {
// Set from WiFi's event task, read in loop().
std::atomic<bool> stationDisconnected{false};
}  // namespace

Hx711LoadCell::Hx711LoadCell(uint8_t dout, uint8_t sck) : dout_(dout), sck_(sck) {}

void Hx711LoadCell::begin() {
  hx711_.begin(dout_, sck_, 128);
  hx711_.power_up();
}

bool Hx711LoadCell::ready() { return hx711_.is_ready(); }

int32_t Hx711LoadCell::readCounts() { return static_cast<int32_t>(hx711_.read()); }

void PreferencesStorage::begin() { preferences_.begin("beerscale", false); }

std::optional<std::string> PreferencesStorage::get(const std::string& key) {
  if (!preferences_.isKey(key.c_str())) return std::nullopt;
  return std::string(preferences_.getString(key.c_str(), String("")).c_str());
}

void PreferencesStorage::put(const std::string& key, const std::string& value) {
  preferences_.putString(key.c_str(), value.c_str());
}

void PreferencesStorage::remove(const std::string& key) { preferences_.remove(key.c_str()); }

uint64_t ArduinoClock::millis() {
  // millis() wraps after 49 days; the core wants a clock that never goes back.
  uint32_t now = static_cast<uint32_t>(::millis());
  if (now < last_) high_ += 1ULL << 32;
  last_ = now;
  return high_ + now;
}

uint32_t ArduinoClock::random(uint32_t bound) { return bound == 0 ? 0 : esp_random() % bound; }

void WifiNetwork::onDisconnected(arduino_event_id_t) { stationDisconnected = true; }

void WifiNetwork::join(const std::string& ssid, const std::string& password) {
  failed_ = false;
  std::string target = ssid.empty() ? lastSsid_ : ssid;
  std::string pass = ssid.empty() ? lastPassword_ : password;
  if (target.empty()) {
    failed_ = true;
    return;
  }
  if (!handlerSet_) {
    handlerSet_ = true;
    WiFi.onEvent(&WifiNetwork::onDisconnected, ARDUINO_EVENT_WIFI_STA_DISCONNECTED);
  }
  joining_ = target;
  pendingPassword_ = pass;
  WiFi.mode(WIFI_STA);
  WiFi.setAutoReconnect(true);
  if (WiFi.status() == WL_CONNECTED) {
    // Leave first; begin() once the disconnect event came (state() below).
    stationDisconnected = false;
    leaving_ = true;
    WiFi.disconnect();
    return;
  }
  beginJoin();
}

void WifiNetwork::beginJoin() {
  leaving_ = false;
  WiFi.begin(joining_.c_str(), pendingPassword_.empty() ? nullptr : pendingPassword_.c_str());
}

Network::State WifiNetwork::state() {
  if (failed_) return State::Failed;
  if (leaving_) {
    if (!stationDisconnected) return State::Joining;  // WL_CONNECTED still means the old one
    beginJoin();
    return State::Joining;
  }
  if (WiFi.status() == WL_CONNECTED) {
    if (!joining_.empty()) {
      lastSsid_ = joining_;
      lastPassword_ = pendingPassword_;
      joining_.clear();
    }
    return State::Connected;
  }
  // WL_NO_SSID_AVAIL and WL_CONNECT_FAILED pass while the radio scans: the core's trial time
  // decides that the network cannot be joined.
  return joining_.empty() ? State::Idle : State::Joining;
}

}  // namespace beerscale
