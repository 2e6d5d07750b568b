#pragma once
// The scale: the device protocol's state machine (docs/DEVICE-PROTOCOL.md, protocol 1.1 and
// 1.0 servers alike), WiFi with its fallback, weighing and the screen, behind interfaces.h.

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "backoff.h"
#include "contract.h"
#include "interfaces.h"
#include "messages.h"
#include "settings.h"
#include "weighing.h"

namespace beerscale {

struct Parts {
  LoadCell& cell;
  Transport& transport;
  Display& display;
  Storage& storage;
  Clock& clock;
  Network& network;
  Codec& codec;
};

struct Config {
  /** ws://host:port/ws/device; empty: found with `discover` before every attempt. */
  std::string serverUrl;
  /** Finds the server on the LAN (mDNS `_beerscale._tcp` on the ESP32); "" when nobody answers.
   *  The last server that worked is kept in storage and tried when discovery finds none. */
  std::function<std::string()> discover;
  std::string mac;        // 12 hex digits
  std::string firmware = "beerscale-ref-1.1.0";
  std::string model = "beerscale-reference";
  /** The HX711's zero before any tare (the host's fixed one; 0 on the chip, tared at boot). */
  int32_t initialZero = 0;
  bool tareAtBoot = true;
  /** WiFi to join when none is stored yet (the ESP32 sketch's secrets). */
  std::string bootstrapSsid;
  std::string bootstrapPassword;
  std::function<void(const std::string&)> log;
};

// Timing, in milliseconds; docs/DEVICE-PROTOCOL.md gives the server's side of each.
constexpr uint32_t kWeightPeriodMs = 100;       // 10 Hz, the server uses at most 12 a second
static_assert(1000 / kWeightPeriodMs < contract::kMaxWeightHz, "readings the server would drop");
constexpr uint32_t kConnectTimeoutMs = 10000;   // socket not open by then: try again later
constexpr uint32_t kHelloReplyTimeoutMs = 10000;  // neither PAIRING nor WELCOME by then
constexpr uint32_t kSilencePingMs = 25000;      // the server pings every 20 s; ask ourselves
constexpr uint32_t kDeadLinkMs = 45000;         // nothing heard for this long: the link is dead
constexpr uint32_t kWifiJoinTimeoutMs = 30000;  // a new network not joined by then: go back
constexpr size_t kRememberedCommands = 32;
/** What the display says for REJECT "Key in use by a connected scale" (the document's words). */
constexpr const char* kKeyInUseShown = "Key in use by another scale";

class Scale : private TransportListener {
 public:
  enum class State { Boot, Joining, Waiting, Connecting, Hello, Pairing, Welcomed, Stopped };

  Scale(Parts parts, Config config);
  void begin();
  /** Call as often as possible (every few milliseconds). */
  void loop();
  /** Closes the socket normally and stops. */
  void shutdown();

  /** The button: zero the empty platform. */
  bool tare();
  /** The button, held: a known weight stands on the tared platform. Reports the new factor
   *  with STATUS { calibrated } to a 1.1 server. */
  std::optional<double> calibrate(double knownGrams);

  State state() const { return state_; }
  const Page& page() const { return page_; }
  const ScaleSettings& settings() const { return settings_; }
  const Weighing& weighing() const { return weighing_; }
  int serverMinor() const { return serverMinor_; }
  std::optional<std::string> key() const { return key_; }
  /** When the next connection attempt is due (State::Waiting). */
  uint64_t retryAt() const { return retryAt_; }
  const std::optional<Game>& game() const { return game_; }

 private:
  void onOpen() override;
  void onText(const std::string& text) override;
  void onClosed() override;

  void handle(const ServerMessage& message);
  void onWelcome(const ServerMessage& message);
  void onReject(const ServerMessage& message);
  void onCommand(const ServerMessage& message);
  ScaleMessage applyCommand(const ServerMessage& message);
  void onDisplay(const ServerMessage& message);

  void send(const ScaleMessage& message);
  void connectNow();
  void dropConnection(uint32_t delayMs);
  void scheduleRetry(uint32_t delayMs);
  void stepNetwork(uint64_t now);
  void stepWeighing(uint64_t now);
  void stepHeartbeat(uint64_t now);
  void stepSleep(uint64_t now, double grams);
  void reportStatus();
  void takeSettings(const Settings& incoming, bool strict, std::string& error);
  void maybeTryNewWifi(const Settings& incoming, bool fromWelcome);
  void joinWifi(const std::string& ssid, const std::string& password, bool trial);
  void show(Page page);
  void wakeUp();
  void showGamePage();
  void persistSettings();
  void loadStored();
  void log(const std::string& line);

  Parts parts_;
  Config config_;
  Weighing weighing_;
  Backoff backoff_;
  State state_ = State::Boot;
  Page page_;

  std::optional<std::string> key_;
  std::string url_;
  ScaleSettings settings_;
  int serverMinor_ = 0;
  std::optional<Game> game_;
  bool gameOnScale_ = false;
  std::optional<ServerMessage> lastDisplay_;
  std::deque<std::pair<std::string, ScaleMessage>> answered_;

  // WiFi: the network in use, and the one being tried.
  std::string wifiSsid_;
  std::string wifiPassword_;
  bool trialJoin_ = false;
  std::string trialSsid_;
  std::string trialPassword_;
  uint64_t joinStarted_ = 0;
  // A network that could not be joined is not tried again until the server asks for another.
  std::string failedSsid_;
  std::string failedPassword_;
  bool failedReported_ = true;
  std::optional<double> calibrationToReport_;

  uint64_t retryAt_ = 0;
  uint64_t stateSince_ = 0;
  uint64_t welcomedAt_ = 0;
  /** "Replaced by a newer connection" was answered with one reconnect since the last WELCOME. */
  bool replacedBefore_ = false;
  uint64_t lastHeard_ = 0;
  bool pingSent_ = false;
  uint64_t nextWeightAt_ = 0;
  unsigned long seq_ = 0;

  uint64_t lastActivity_ = 0;
  double activityGrams_ = 0;
  bool asleep_ = false;
  bool bootTarePending_ = false;
};

const char* stateName(Scale::State state);

}  // namespace beerscale
