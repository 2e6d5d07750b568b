#pragma once
// The core's interfaces on an ESP32: HX711, Preferences, WiFi and millis(). The socket, the
// JSON codec and the screen have files of their own.

#include <HX711.h>
#include <Preferences.h>

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

/** The station's WiFi. Joining "" rejoins the last network that worked. */
class WifiNetwork : public Network {
 public:
  void join(const std::string& ssid, const std::string& password) override;
  State state() override;

 private:
  std::string joining_;
  std::string lastSsid_;
  std::string lastPassword_;
  std::string pendingPassword_;
  bool failed_ = false;
};

}  // namespace beerscale
