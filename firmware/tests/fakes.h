#pragma once
// Hand-driven parts for the core's unit tests: a clock that moves when told, a socket that
// records what the scale sends and delivers what the test says the server sends.

#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "interfaces.h"
#include "json_codec_nlohmann.h"
#include "scale.h"

namespace beerscale::test {

struct FakeClock : Clock {
  uint64_t now = 1000;
  /** Milliseconds each reading of the clock takes, as on a real, busy machine. */
  uint64_t tick = 0;
  uint32_t random(uint32_t bound) override { return bound / 2; }
  uint64_t millis() override { return now += tick; }
};

struct FakeCell : LoadCell {
  FakeClock& clock;
  double grams = 0;
  double factor = kDefaultFactor;
  int32_t zero = 0;
  uint64_t last = 0;
  explicit FakeCell(FakeClock& clock) : clock(clock) {}
  bool ready() override { return clock.now - last >= 100; }  // 10 SPS
  int32_t readCounts() override {
    last = clock.now;
    return zero + static_cast<int32_t>(grams * factor);
  }
};

struct FakeTransport : Transport {
  std::vector<std::string> opened;
  std::vector<nlohmann::json> sent;
  std::deque<std::string> inbox;
  bool isOpen = false;
  int closes = 0;
  void open(const std::string& url) override { opened.push_back(url); }
  void close() override {
    isOpen = false;
    closes += 1;
  }
  bool send(const std::string& text) override {
    sent.push_back(nlohmann::json::parse(text));
    return true;
  }
  /** Delivered from poll(), like a real socket's messages. */
  std::deque<nlohmann::json> queued;
  void poll() override {
    while (!queued.empty()) {
      auto message = queued.front();
      queued.pop_front();
      listener_->onText(message.dump());
    }
  }
  // The test's side:
  void accept() {
    isOpen = true;
    listener_->onOpen();
  }
  void deliver(const nlohmann::json& message) { listener_->onText(message.dump()); }
  void deliverRaw(const std::string& text) { listener_->onText(text); }
  void drop() {
    isOpen = false;
    listener_->onClosed();
  }
  std::vector<nlohmann::json> ofType(const std::string& type) const {
    std::vector<nlohmann::json> out;
    for (const auto& m : sent)
      if (m["type"] == type) out.push_back(m);
    return out;
  }
};

struct FakeDisplay : Display {
  std::vector<Page> pages;
  int level = -1;
  void show(const Page& page) override { pages.push_back(page); }
  void weight(float) override {}
  void brightness(int percent) override { level = percent; }
};

struct MemoryStorage : Storage {
  std::map<std::string, std::string> values;
  std::optional<std::string> get(const std::string& key) override {
    auto it = values.find(key);
    if (it == values.end()) return std::nullopt;
    return it->second;
  }
  void put(const std::string& key, const std::string& value) override { values[key] = value; }
  void remove(const std::string& key) override { values.erase(key); }
};

struct FakeNetwork : Network {
  std::set<std::string> unreachable;
  std::vector<std::string> joins;
  State current = State::Connected;
  void join(const std::string& ssid, const std::string&) override {
    joins.push_back(ssid);
    current = unreachable.count(ssid) ? State::Failed : State::Connected;
  }
  State state() override { return current; }
};

inline nlohmann::json welcome(int minor = 1, nlohmann::json settings = nlohmann::json::object()) {
  nlohmann::json m = {{"type", "WELCOME"}, {"protocol", 1}, {"settings", settings}, {"game", nullptr}};
  if (minor > 0) m["minor"] = minor;
  return m;
}

/** A scale on fakes; `run(ms)` moves the clock in 10 ms steps, calling loop() at each. */
struct Bench {
  FakeClock clock;
  FakeCell cell{clock};
  FakeTransport transport;
  FakeDisplay display;
  MemoryStorage storage;
  FakeNetwork network;
  NlohmannCodec codec;
  std::vector<std::string> logs;
  std::unique_ptr<Scale> scale;

  static Config defaults() {
    Config config;
    config.serverUrl = "ws://server/ws/device";
    config.mac = "AABBCCDDEEFF";
    config.tareAtBoot = false;
    return config;
  }
  void boot(Config config = defaults()) {
    config.log = [this](const std::string& line) { logs.push_back(line); };
    scale = std::make_unique<Scale>(
        Parts{cell, transport, display, storage, clock, network, codec}, config);
    scale->begin();
    scale->loop();
  }
  void run(uint64_t ms) {
    for (uint64_t t = 0; t < ms; t += 10) {
      clock.now += 10;
      scale->loop();
    }
  }
  /** Boots, opens the socket and welcomes the scale. */
  void welcomed(int minor = 1, nlohmann::json settings = nlohmann::json::object()) {
    if (!scale) boot();
    transport.accept();
    transport.deliver(welcome(minor, settings));
  }
  std::vector<nlohmann::json> sentAfter(size_t from, const std::string& type) const {
    std::vector<nlohmann::json> out;
    for (size_t i = from; i < transport.sent.size(); ++i)
      if (transport.sent[i]["type"] == type) out.push_back(transport.sent[i]);
    return out;
  }
};

}  // namespace beerscale::test
