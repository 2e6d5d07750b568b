#include "host_parts.h"

#include <cmath>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace beerscale {

uint64_t SteadyClock::millis() {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::steady_clock::now() - start_)
                                   .count());
}

uint32_t SteadyClock::random(uint32_t bound) {
  if (bound == 0) return 0;
  return std::uniform_int_distribution<uint32_t>(0, bound - 1)(random_);
}

// ---- load cell --------------------------------------------------------------------------

ScriptLoadCell::ScriptLoadCell(std::string path, Clock& clock)
    : path_(std::move(path)), clock_(clock) {
  reloadIfChanged();
}

void ScriptLoadCell::reloadIfChanged() {
  std::error_code ec;
  auto stamp = std::filesystem::last_write_time(path_, ec);
  auto size = ec ? 0 : std::filesystem::file_size(path_, ec);
  if (ec) {
    error_ = "cannot read the load file " + path_;
    return;
  }
  if (stamp == stamp_ && size == size_ && !steps_.empty()) return;
  std::ifstream in(path_);
  std::vector<std::pair<double, double>> steps;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    number += 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    std::istringstream words(line);
    double at = 0, grams = 0;
    if (!(words >> at >> grams) || at < 0) {
      error_ = path_ + ":" + std::to_string(number) + ": expected `<seconds> <grams>`";
      return;
    }
    steps.emplace_back(at, grams);
  }
  if (steps.empty()) {
    error_ = path_ + ": no `<seconds> <grams>` line";
    return;
  }
  std::stable_sort(steps.begin(), steps.end(),
                   [](auto& a, auto& b) { return a.first < b.first; });
  steps_ = std::move(steps);
  stamp_ = stamp;
  size_ = size;
  loadedAt_ = clock_.millis();
  error_.clear();
}

double ScriptLoadCell::gramsNow() {
  double seconds = (clock_.millis() - loadedAt_) / 1000.0;
  double grams = steps_.empty() ? 0 : steps_.front().second;
  for (const auto& [at, weight] : steps_) {
    if (at <= seconds) grams = weight;
  }
  return grams;
}

bool ScriptLoadCell::ready() {
  uint64_t now = clock_.millis();
  if (now - checkedAt_ >= 100) {
    checkedAt_ = now;
    reloadIfChanged();
  }
  // An HX711 with RATE high: 80 conversions a second.
  return now - lastSample_ >= 12;
}

int32_t ScriptLoadCell::readCounts() {
  lastSample_ = clock_.millis();
  return kHostZero + static_cast<int32_t>(std::lround(gramsNow() * kHostFactor));
}

// ---- display ----------------------------------------------------------------------------

void StdoutDisplay::show(const Page& page) {
  std::string line = "DISPLAY " + page.kind + ":";
  std::string sep = " ";
  for (const std::string* part : {&page.title, &page.large, &page.text}) {
    if (part->empty()) continue;
    line += sep + *part;
    sep = " / ";
  }
  std::cout << line << '\n';
  if (!page.code.empty()) std::cout << "PAIRING CODE " << page.code << '\n';
  std::cout.flush();
}

void StdoutDisplay::brightness(int percent) {
  if (percent == brightness_) return;
  brightness_ = percent;
  std::cout << "BRIGHTNESS " << percent << std::endl;
}

// ---- storage ----------------------------------------------------------------------------

FileStorage::FileStorage(std::string path) : path_(std::move(path)) {
  std::ifstream in(path_);
  if (!in) return;
  auto doc = nlohmann::json::parse(in, nullptr, false);
  if (!doc.is_object()) {
    std::cerr << "ignoring unreadable store " << path_ << '\n';
    return;
  }
  for (const auto& [key, value] : doc.items()) {
    if (value.is_string()) values_[key] = value.get<std::string>();
  }
}

std::optional<std::string> FileStorage::get(const std::string& key) {
  auto it = values_.find(key);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

void FileStorage::put(const std::string& key, const std::string& value) {
  auto it = values_.find(key);
  if (it != values_.end() && it->second == value) return;
  values_[key] = value;
  save();
}

void FileStorage::remove(const std::string& key) {
  if (values_.erase(key)) save();
}

void FileStorage::save() {
  nlohmann::json doc(values_);
  std::string temporary = path_ + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << doc.dump(2) << '\n';
  }
  std::filesystem::permissions(temporary, std::filesystem::perms::owner_read |
                                              std::filesystem::perms::owner_write);
  std::filesystem::rename(temporary, path_);
}

// ---- network ----------------------------------------------------------------------------

void HostNetwork::join(const std::string& ssid, const std::string&) {
  state_ = unreachable_.count(ssid) ? State::Failed : State::Connected;
}

}  // namespace beerscale
