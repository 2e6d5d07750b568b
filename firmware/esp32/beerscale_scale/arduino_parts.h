#pragma once
// The core's interfaces on an ESP32: HX711, Preferences, WiFi and millis(). The socket, the
// JSON codec and the screen have files of their own.

#include <HX711.h>
#include <Preferences.h>
#include <WiFi.h>

#include <BeerscaleCore.h>

namespace beerscale {

class Hx711LoadCell : public LoadCell {
 public:
  /** Channel A at gain 128 (the 5 kg cell's full scale); the module's RATE pin sets 10 or 80 SPS. */
  Hx711LoadCell(uint8_t dout, uint8_t sck);
  void begin();
  bool ready() override;
  int32_t readCounts() override;

 private:
  uint8_t dout_;
  uint8_t sck_;
  HX711 hx711_;
};

class PreferencesStorage : public Storage {
 public:
  void begin();
  std::optional<std::string> get(const std::string& key) override;
  void put(const std::string& key, const std::string& value) override;
  void remove(const std::string& key) override;

 private:
  Preferences preferences_;
};

class ArduinoClock : public Clock {
 public:
  uint64_t millis() override;
  uint32_t random(uint32_t bound) override;

 private:
  uint32_t last_ = 0;
  uint64_t high_ = 0;
};

/**
 * The station's WiFi. Joining "" rejoins the last network that worked. A join first leaves the
 * network it is on and waits for WiFi's disconnect event before it begins: until then
 * `WiFi.status()` still says WL_CONNECTED for the old network. After begin() it says Connected
 * or keeps Joining: a WL_NO_SSID_AVAIL or WL_CONNECT_FAILED on the way is not the end (the radio
 * scans and tries again); the core judges the trial after its own time (30 s).
 */
class WifiNetwork : public Network {
 public:
  void join(const std::string& ssid, const std::string& password) override;
  State state() override;

 private:
  static void onDisconnected(arduino_event_id_t event);
  void beginJoin();

  std::string joining_;
  std::string lastSsid_;
  std::string lastPassword_;
  std::string pendingPassword_;
  bool failed_ = false;
  /** join() left a network and begin() waits for its disconnect event. */
  bool leaving_ = false;
  bool handlerSet_ = false;
};

}  // namespace beerscale
