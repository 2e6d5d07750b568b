#include "arduino_parts.h"

#include <Arduino.h>
#include <WiFi.h>

namespace beerscale {

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

void WifiNetwork::join(const std::string& ssid, const std::string& password) {
  failed_ = false;
  std::string target = ssid.empty() ? lastSsid_ : ssid;
  std::string pass = ssid.empty() ? lastPassword_ : password;
  if (target.empty()) {
    failed_ = true;
    return;
  }
  joining_ = target;
  pendingPassword_ = pass;
  WiFi.mode(WIFI_STA);
  WiFi.setAutoReconnect(true);
  WiFi.disconnect();
  WiFi.begin(target.c_str(), pass.empty() ? nullptr : pass.c_str());
}

Network::State WifiNetwork::state() {
  if (failed_) return State::Failed;
  wl_status_t status = WiFi.status();
  if (status == WL_CONNECTED) {
    if (!joining_.empty()) {
      lastSsid_ = joining_;
      lastPassword_ = pendingPassword_;
      joining_.clear();
    }
    return State::Connected;
  }
  if (status == WL_CONNECT_FAILED || status == WL_NO_SSID_AVAIL) return State::Failed;
  return joining_.empty() ? State::Idle : State::Joining;
}

}  // namespace beerscale
