#pragma once
// The host's LoadCell, Display, Storage, Clock and Network (the Transport is Beast's, apart).

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "interfaces.h"

namespace beerscale {

/** Counts per gram of the host's pretend HX711, and its zero: fixed, so no calibration is
 *  needed and the whole counts-to-grams path runs. */
constexpr double kHostFactor = 420.0;
constexpr int32_t kHostZero = 84000;

class SteadyClock : public Clock {
 public:
  uint64_t millis() override;
  uint32_t random(uint32_t bound) override;

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::mt19937 random_{std::random_device{}()};
};

/**
 * The weights of a load file, lines `<seconds> <grams>`: from that second on the platform
 * carries that weight. Seconds count from when the file was read; the file is read again when
 * it changes (so a test can script the next game once the scale shows it), and the clock
 * starts anew then. Converted to HX711 counts at 80 samples a second.
 */
class ScriptLoadCell : public LoadCell {
 public:
  ScriptLoadCell(std::string path, Clock& clock);
  bool ready() override;
  int32_t readCounts() override;
  /** An error reading the file, "" when it was fine. */
  const std::string& error() const { return error_; }
  double gramsNow();

 private:
  void reloadIfChanged();
  std::string path_;
  Clock& clock_;
  std::filesystem::file_time_type stamp_{};
  uintmax_t size_ = 0;
  uint64_t loadedAt_ = 0;
  uint64_t checkedAt_ = 0;
  uint64_t lastSample_ = 0;
  std::vector<std::pair<double, double>> steps_;
  std::string error_;
};

/** Every page as one stdout line `DISPLAY <kind>: <title> / <large> / <text>`, and the
 *  pairing code as `PAIRING CODE 123456`, so tests can read what a person would see. */
class StdoutDisplay : public Display {
 public:
  void show(const Page& page) override;
  void weight(float) override {}
  void brightness(int percent) override;

 private:
  int brightness_ = -1;
};

/** Key and settings in a JSON file, rewritten whole (through a temporary file) on a change. */
class FileStorage : public Storage {
 public:
  explicit FileStorage(std::string path);
  std::optional<std::string> get(const std::string& key) override;
  void put(const std::string& key, const std::string& value) override;
  void remove(const std::string& key) override;

 private:
  void save();
  std::string path_;
  std::map<std::string, std::string> values_;
};

/** Networks are names: every one joins at once, but those named --unreachable-ssid fail.
 *  Joining "" rejoins the network the scale had (the loopback). */
class HostNetwork : public Network {
 public:
  explicit HostNetwork(std::set<std::string> unreachable) : unreachable_(std::move(unreachable)) {}
  void join(const std::string& ssid, const std::string& password) override;
  State state() override { return state_; }

 private:
  std::set<std::string> unreachable_;
  State state_ = State::Connected;
};

}  // namespace beerscale
