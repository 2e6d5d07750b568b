#include "scale.h"

#include <cmath>
#include <cstdio>
#include <set>

namespace beerscale {
namespace {

// Storage keys: at most 15 characters, the limit of an NVS key on the ESP32.
constexpr const char* kKey = "key";
constexpr const char* kWifiSsid = "wssid";
constexpr const char* kWifiPassword = "wpass";
constexpr const char* kFailedSsid = "fssid";
constexpr const char* kFailedPassword = "fpass";
constexpr const char* kFailedReported = "frep";
constexpr const char* kOwnFactor = "ownfactor";
constexpr const char* kZero = "zero";
constexpr const char* kCalibrationToReport = "calrep";
constexpr const char* kLastServer = "server";
// Server settings kept between boots (a later WELCOME brings them again anyway).
constexpr std::pair<const char*, const char*> kStoredSettings[] = {
    {"device_name", "name"},       {"calibration_offset", "offset"},
    {"calibration_factor", "factor"}, {"auto_tare", "atare"},
    {"sleep_timeout", "sleep"},    {"led_brightness", "bright"},
};

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", value);
  return buffer;
}

std::string seconds(uint32_t ms) { return number(std::round(ms / 100.0) / 10.0) + " s"; }

bool isGamePhase(const std::string& phase) {
  return phase == "INITIAL_WEIGHING" || phase == "DRINKING" || phase == "SCORING";
}

/** Time since `since`, never negative: handlers called from poll() stamp times later than the
 *  `now` that loop() read before it. */
uint64_t elapsed(uint64_t now, uint64_t since) { return now > since ? now - since : 0; }

std::string spacedCode(const std::string& code) {
  return code.size() == 6 ? code.substr(0, 3) + " " + code.substr(3) : code;
}

}  // namespace

const char* stateName(Scale::State state) {
  switch (state) {
    case Scale::State::Boot: return "boot";
    case Scale::State::Joining: return "joining";
    case Scale::State::Waiting: return "waiting";
    case Scale::State::Connecting: return "connecting";
    case Scale::State::Hello: return "hello";
    case Scale::State::Pairing: return "pairing";
    case Scale::State::Welcomed: return "welcomed";
    case Scale::State::Stopped: return "stopped";
  }
  return "?";
}

Scale::Scale(Parts parts, Config config)
    : parts_(parts), config_(std::move(config)), weighing_(kDefaultFactor, config_.initialZero) {
  parts_.transport.setListener(this);
}

void Scale::begin() {
  uint64_t now = parts_.clock.millis();
  loadStored();
  lastActivity_ = now;
  show({"BOOT", "beerscale", config_.model, config_.firmware});
  parts_.display.brightness(settings_.brightness);
  if (wifiSsid_.empty() && !config_.bootstrapSsid.empty()) {
    // First boot: the sketch's network is the one it has (never "failed": it is all it has).
    wifiSsid_ = config_.bootstrapSsid;
    wifiPassword_ = config_.bootstrapPassword;
    parts_.storage.put(kWifiSsid, wifiSsid_);
    parts_.storage.put(kWifiPassword, wifiPassword_);
  }
  if (!wifiSsid_.empty() || parts_.network.state() != Network::State::Connected) {
    joinWifi(wifiSsid_, wifiPassword_, false);
  } else {
    scheduleRetry(0);
  }
}

void Scale::loop() {
  if (state_ == State::Stopped) return;
  parts_.transport.poll();
  uint64_t now = parts_.clock.millis();
  stepNetwork(now);
  stepHeartbeat(now);
  stepWeighing(now);
}

void Scale::shutdown() {
  state_ = State::Stopped;
  parts_.transport.close();
  show({"OFF", "", "", "Switched off"});
}

// ---- the socket -------------------------------------------------------------------------

void Scale::connectNow() {
  url_ = config_.serverUrl;
  if (url_.empty() && config_.discover) url_ = config_.discover();  // may take a while
  if (url_.empty()) url_ = parts_.storage.get(kLastServer).value_or("");
  if (url_.empty()) {
    uint32_t delay = backoff_.next(parts_.clock);
    show({"CONNECTING", "", "No server found", "Looking again in " + seconds(delay)});
    scheduleRetry(delay);
    return;
  }
  state_ = State::Connecting;
  stateSince_ = parts_.clock.millis();
  if (page_.kind != "REJECTED" && page_.kind != "WIFI") {
    show({"CONNECTING", "", "Connecting", url_});
  }
  log("connecting to " + url_);
  parts_.transport.open(url_);
}

void Scale::onOpen() {
  if (state_ != State::Connecting) return;
  uint64_t now = parts_.clock.millis();
  state_ = State::Hello;
  stateSince_ = now;
  lastHeard_ = now;
  pingSent_ = false;
  // HELLO at once: until it, the connection counts against the server's unpaired limit.
  send(ScaleMessage::hello(config_.mac, key_, config_.firmware, config_.model));
}

void Scale::onText(const std::string& text) {
  if (state_ != State::Hello && state_ != State::Pairing && state_ != State::Welcomed) return;
  lastHeard_ = parts_.clock.millis();
  pingSent_ = false;
  ServerMessage message;
  if (!parts_.codec.decode(text, message)) {
    log("ignored a malformed message");
    return;
  }
  handle(message);
}

void Scale::onClosed() {
  if (state_ != State::Connecting && state_ != State::Hello && state_ != State::Pairing &&
      state_ != State::Welcomed) {
    return;
  }
  uint32_t delay = backoff_.next(parts_.clock);
  log("connection closed; next try in " + seconds(delay));
  if (state_ == State::Welcomed || state_ == State::Pairing || state_ == State::Hello) {
    show({"CONNECTING", "", "Connection lost", "Trying again in " + seconds(delay)});
  } else if (page_.kind == "CONNECTING") {
    show({"CONNECTING", "", "Server unreachable", "Trying again in " + seconds(delay)});
  }
  scheduleRetry(delay);
}

void Scale::dropConnection(uint32_t delayMs) {
  parts_.transport.close();
  scheduleRetry(delayMs);
}

void Scale::scheduleRetry(uint32_t delayMs) {
  state_ = State::Waiting;
  retryAt_ = parts_.clock.millis() + delayMs;
}

void Scale::send(const ScaleMessage& message) {
  parts_.transport.send(parts_.codec.encode(message));
}

// ---- messages ---------------------------------------------------------------------------

void Scale::handle(const ServerMessage& message) {
  using T = ServerMessage::Type;
  switch (message.type) {
    case T::Ping:
      send(ScaleMessage::simple(ScaleMessage::Type::Pong));
      break;
    case T::Pong:
      break;
    case T::Pairing:
      if (state_ == State::Welcomed) return;
      state_ = State::Pairing;
      // The server took the scale in: a server that fails later starts the back-off afresh,
      // one that accepts sockets and then fails does not (docs/DEVICE-PROTOCOL.md).
      backoff_.reset();
      log("showing pairing code");
      // Send nothing but PING/PONG while showing the code.
      show({"PAIRING", spacedCode(message.code), "Pair:",
            "Enter the code shown on your scale in the app", message.code});
      break;
    case T::Welcome:
      onWelcome(message);
      break;
    case T::Reject:
      onReject(message);
      break;
    case T::Configure:
    case T::Start:
    case T::Settings:
      if (state_ == State::Welcomed) onCommand(message);
      break;
    case T::Display:
      if (state_ == State::Welcomed) onDisplay(message);
      break;
    case T::Unknown:
      // A newer server's message: ignored, so that older firmware keeps working.
      log("ignored message type " + message.typeName);
      break;
  }
}

void Scale::onWelcome(const ServerMessage& message) {
  uint64_t now = parts_.clock.millis();
  state_ = State::Welcomed;
  welcomedAt_ = now;
  backoff_.reset();
  replacedBefore_ = false;
  if (config_.serverUrl.empty()) parts_.storage.put(kLastServer, url_);
  serverMinor_ = message.minor;
  if (message.key) {
    key_ = *message.key;
    parts_.storage.put(kKey, *key_);
    log("paired: key stored");
  }
  std::string ignored;
  takeSettings(message.settings, false, ignored);
  if (!ignored.empty()) log("kept a setting: " + ignored);
  game_ = message.game;
  gameOnScale_ = game_.has_value();
  lastDisplay_.reset();
  show({"IDLE", "", settings_.deviceName, "Connected"});
  nextWeightAt_ = now;
  log(std::string("welcomed by a protocol ") + std::to_string(message.protocol) + "." +
      std::to_string(message.minor) + " server");
  reportStatus();
  maybeTryNewWifi(message.settings, true);
}

void Scale::onReject(const ServerMessage& message) {
  // The REJECT says why; the close that follows says nothing arduinoWebSockets could read.
  // The display words a refusal for the person at the scale where the document says so.
  std::string shown = message.error == contract::kRejectKeyInUse ? kKeyInUseShown : message.error;
  uint32_t delay = 0;
  if (message.retryAfter) {
    delay = afterRetryAfter(parts_.clock, *message.retryAfter, backoff_.next(parts_.clock));
  } else if (message.error.rfind(contract::kRejectHelloTimeoutPrefix, 0) == 0) {
    delay = backoff_.next(parts_.clock);  // the refusal table: reconnect after a back-off
  } else if (message.error == contract::kRejectReplaced && !replacedBefore_) {
    // Usually this scale's own old socket after a WiFi hiccup: once, then never in a loop.
    replacedBefore_ = true;
    delay = backoff_.next(parts_.clock);
  } else {
    // Without retryAfter, retrying blindly will not help: show it and wait for a person.
    log("refused: " + message.error + "; not connecting again until restarted");
    show({"REJECTED", "", "Restart the scale to try again", shown});
    parts_.transport.close();
    state_ = State::Stopped;
    return;
  }
  log("refused: " + message.error + "; next try in " + seconds(delay));
  show({"REJECTED", "", "Trying again in " + seconds(delay), shown});
  dropConnection(delay);
}

void Scale::onCommand(const ServerMessage& message) {
  for (const auto& [cmdId, reply] : answered_) {
    if (cmdId == message.cmdId) {
      // The same command again (our answer was lost): answered again, applied once.
      send(reply);
      return;
    }
  }
  ScaleMessage reply = applyCommand(message);
  answered_.emplace_back(message.cmdId, reply);
  if (answered_.size() > kRememberedCommands) answered_.pop_front();
  send(reply);
  if (message.type == ServerMessage::Type::Settings && reply.type == ScaleMessage::Type::Ack) {
    maybeTryNewWifi(message.settings, false);
  }
}

ScaleMessage Scale::applyCommand(const ServerMessage& message) {
  using T = ServerMessage::Type;
  if (message.type == T::Configure) {
    if (message.players.empty() ||
        message.players.size() > static_cast<size_t>(contract::kGamePlayersMax)) {
      return ScaleMessage::nack(message.cmdId, "This scale shows games of 1 to " +
                                                   std::to_string(contract::kGamePlayersMax) +
                                                   " players");
    }
    // Applied by gameId: the same game again (after every WELCOME) changes nothing.
    bool started = game_ && game_->gameId == message.gameId && game_->started;
    game_ = Game{message.gameId, message.containerType, message.players, started};
    gameOnScale_ = true;
    wakeUp();
    return ScaleMessage::ack(message.cmdId);
  }
  if (message.type == T::Start) {
    // A START for a game this scale was not told about is acknowledged all the same: the
    // server runs the game and the DISPLAY that follows says what to show.
    if (!game_ || game_->gameId != message.gameId) game_ = Game{message.gameId, "", {}, true};
    game_->started = true;
    gameOnScale_ = true;
    wakeUp();
    return ScaleMessage::ack(message.cmdId);
  }
  std::string error;
  takeSettings(message.settings, true, error);
  if (!error.empty()) return ScaleMessage::nack(message.cmdId, error);
  if (page_.kind == "IDLE") showGamePage();
  return ScaleMessage::ack(message.cmdId);
}

void Scale::onDisplay(const ServerMessage& message) {
  lastDisplay_ = message;
  if (message.phase == "FINISHED" || message.phase == "CANCELLED") {
    gameOnScale_ = false;
  } else if (message.phase == "IDLE") {
    // The lobby's waiting screen between CONFIGURE and START keeps the game running; an IDLE
    // after START means it is over (docs/DEVICE-PROTOCOL.md, what counts as a running game).
    if (game_ && game_->started) gameOnScale_ = false;
  } else if (isGamePhase(message.phase)) {
    gameOnScale_ = true;
  }
  showGamePage();
}

void Scale::showGamePage() {
  if (!lastDisplay_) {
    show({"IDLE", "", settings_.deviceName, "Connected"});
    return;
  }
  const ServerMessage& d = *lastDisplay_;
  Page page{d.phase, "", d.player.value_or(""), d.text};
  if (d.target) page.large = number(std::round(*d.target)) + " g";
  if (d.phase == "IDLE" && page.title.empty()) page.title = settings_.deviceName;
  show(page);
}

void Scale::reportStatus() {
  // An older server closes the connection on a type it does not know: STATUS only to 1.1+.
  if (state_ != State::Welcomed || serverMinor_ < 1) return;
  if (!failedReported_ && !failedSsid_.empty()) {
    send(ScaleMessage::wifiFailed(failedSsid_));
    failedReported_ = true;
    parts_.storage.put(kFailedReported, "1");
  }
  if (calibrationToReport_) {
    send(ScaleMessage::calibratedFactor(*calibrationToReport_));
    calibrationToReport_.reset();
    parts_.storage.remove(kCalibrationToReport);
  }
}

// ---- settings and WiFi ----------------------------------------------------------------

void Scale::takeSettings(const Settings& incoming, bool strict, std::string& error) {
  if (!failedSsid_.empty()) {
    auto ssid = incoming.find("wifi_ssid");
    auto password = incoming.find("wifi_password");
    std::string pass = password == incoming.end() ? "" : password->second;
    // The owner set WiFi again (or the server stopped asking for the failed network).
    if (ssid != incoming.end() && (ssid->second != failedSsid_ || pass != failedPassword_)) {
      failedSsid_.clear();
      failedPassword_.clear();
      failedReported_ = true;
      parts_.storage.remove(kFailedSsid);
      parts_.storage.remove(kFailedPassword);
      parts_.storage.remove(kFailedReported);
    }
  }
  applySettings(settings_, incoming, strict, error);
  if (strict && !error.empty()) return;
  weighing_.setOffset(settings_.calibrationOffset);
  weighing_.setServerFactor(settings_.calibrationFactor);
  if (!asleep_) parts_.display.brightness(settings_.brightness);
  persistSettings();
}

void Scale::maybeTryNewWifi(const Settings& incoming, bool fromWelcome) {
  auto asked = incoming.find("wifi_ssid");
  // Absent or empty: "not configured on the server", keep what we have.
  if (asked == incoming.end() || asked->second.empty()) return;
  const std::string& ssid = settings_.wifiSsid;
  const std::string& password = settings_.wifiPassword;
  if (ssid != asked->second) return;  // refused by applySettings (too long, bad password)
  if (ssid == wifiSsid_ && password == wifiPassword_) return;
  // A failed network is not tried again for a WELCOME that still carries it (the server has not
  // heard the STATUS yet), only when a SETTINGS brings it: the owner set the WiFi again.
  if (fromWelcome && ssid == failedSsid_ && password == failedPassword_) return;
  log("trying WiFi " + ssid);
  joinWifi(ssid, password, true);
}

void Scale::joinWifi(const std::string& ssid, const std::string& password, bool trial) {
  if (state_ == State::Connecting || state_ == State::Hello || state_ == State::Pairing ||
      state_ == State::Welcomed) {
    parts_.transport.close();
  }
  state_ = State::Joining;
  trialJoin_ = trial;
  if (trial) {
    trialSsid_ = ssid;
    trialPassword_ = password;
  }
  joinStarted_ = parts_.clock.millis();
  if (page_.kind != "WIFI" || trial) {
    show({"WIFI", "", ssid.empty() ? "WiFi" : ssid, "Joining the network"});
  }
  parts_.network.join(ssid, password);
}

void Scale::stepNetwork(uint64_t now) {
  switch (state_) {
    case State::Joining: {
      Network::State wifi = parts_.network.state();
      if (wifi == Network::State::Connected) {
        if (trialJoin_) {
          wifiSsid_ = trialSsid_;
          wifiPassword_ = trialPassword_;
          parts_.storage.put(kWifiSsid, wifiSsid_);
          parts_.storage.put(kWifiPassword, wifiPassword_);
          trialJoin_ = false;
          log("joined WiFi " + wifiSsid_);
        }
        scheduleRetry(0);
      } else if (wifi == Network::State::Failed || elapsed(now, joinStarted_) >= kWifiJoinTimeoutMs) {
        if (trialJoin_) {
          log("could not join WiFi " + trialSsid_ + "; back to the previous network");
          failedSsid_ = trialSsid_;
          failedPassword_ = trialPassword_;
          failedReported_ = false;
          parts_.storage.put(kFailedSsid, failedSsid_);
          parts_.storage.put(kFailedPassword, failedPassword_);
          parts_.storage.put(kFailedReported, "0");
          show({"WIFI", "", "Could not join " + failedSsid_,
                wifiSsid_.empty() ? "Back on the previous network" : "Back on " + wifiSsid_});
          joinWifi(wifiSsid_, wifiPassword_, false);
        } else if (elapsed(now, joinStarted_) >= 5000) {
          joinStarted_ = now;
          parts_.network.join(wifiSsid_, wifiPassword_);
        }
      }
      break;
    }
    case State::Waiting:
      if (now >= retryAt_) connectNow();
      break;
    case State::Connecting:
      if (elapsed(now, stateSince_) >= kConnectTimeoutMs) dropConnection(backoff_.next(parts_.clock));
      break;
    case State::Hello:
      if (elapsed(now, stateSince_) >= kHelloReplyTimeoutMs) {
        log("no answer to HELLO");
        dropConnection(backoff_.next(parts_.clock));
      }
      break;
    default:
      break;
  }
}

void Scale::stepHeartbeat(uint64_t now) {
  if (state_ != State::Hello && state_ != State::Pairing && state_ != State::Welcomed) return;
  uint64_t silence = elapsed(now, lastHeard_);
  if (silence >= kDeadLinkMs) {
    uint32_t delay = backoff_.next(parts_.clock);
    log("nothing heard for " + seconds(static_cast<uint32_t>(silence)) + ": link dead");
    show({"CONNECTING", "", "Connection lost", "Trying again in " + seconds(delay)});
    dropConnection(delay);
  } else if (silence >= kSilencePingMs && !pingSent_) {
    send(ScaleMessage::simple(ScaleMessage::Type::Ping));
    pingSent_ = true;
  }
}

// ---- weighing ---------------------------------------------------------------------------

void Scale::stepWeighing(uint64_t now) {
  for (int i = 0; i < 8 && parts_.cell.ready(); ++i) weighing_.addCounts(parts_.cell.readCounts());
  if (now < nextWeightAt_) return;
  nextWeightAt_ += kWeightPeriodMs;
  // Late (a slow loop): skip ahead rather than send a burst the server would drop.
  if (nextWeightAt_ <= now) nextWeightAt_ = now + kWeightPeriodMs;
  if (bootTarePending_ && weighing_.lastCounts()) {
    bootTarePending_ = false;
    if (weighing_.tare()) parts_.storage.put(kZero, std::to_string(weighing_.zero()));
  }
  Weighing::Reading reading = weighing_.take(now);
  if (!weighing_.lastCounts()) return;
  parts_.display.weight(static_cast<float>(reading.grams));
  // Never tare on its own while a game is set up or runs: the server needs absolute weights.
  if (weighing_.autoTare(now, settings_.autoTare && !gameOnScale_)) {
    parts_.storage.put(kZero, std::to_string(weighing_.zero()));
    log("auto-tared the empty platform");
  }
  stepSleep(now, reading.grams);
  if (state_ == State::Welcomed) {
    seq_ += 1;
    send(ScaleMessage::weight(reading.grams, reading.stable, seq_));
  }
}

bool Scale::tare() {
  if (!weighing_.tare()) return false;
  parts_.storage.put(kZero, std::to_string(weighing_.zero()));
  log("tared");
  return true;
}

std::optional<double> Scale::calibrate(double knownGrams) {
  auto factor = weighing_.calibrate(knownGrams);
  if (!factor) {
    show({"CALIBRATION", "", "Calibration failed",
          "Tare the empty platform, then put the known weight on it"});
    return std::nullopt;
  }
  parts_.storage.put(kOwnFactor, number(*factor));
  // The scale's own factor counts now; a 1.1 server stores it as calibration_factor.
  settings_.calibrationFactor.reset();
  calibrationToReport_ = *factor;
  parts_.storage.put(kCalibrationToReport, number(*factor));
  persistSettings();
  show({"CALIBRATION", number(std::round(*factor * 100) / 100), "Calibrated",
        "Counts per gram with " + number(knownGrams) + " g"});
  log("calibrated: " + number(*factor) + " counts per gram");
  reportStatus();
  return factor;
}

void Scale::stepSleep(uint64_t now, double grams) {
  if (gameOnScale_ || std::fabs(grams - activityGrams_) > 5.0) {
    activityGrams_ = grams;
    wakeUp();
    return;
  }
  uint64_t timeout = static_cast<uint64_t>(settings_.sleepMinutes) * 60000;
  if (!asleep_ && elapsed(now, lastActivity_) >= timeout) {
    asleep_ = true;
    parts_.display.brightness(0);
  }
}

void Scale::wakeUp() {
  lastActivity_ = parts_.clock.millis();
  if (!asleep_) return;
  asleep_ = false;
  parts_.display.brightness(settings_.brightness);
}

// ---- display and storage -------------------------------------------------------------

void Scale::show(Page page) {
  if (page.kind != page_.kind || page.text != page_.text) wakeUp();
  if (page == page_) return;
  page_ = std::move(page);
  parts_.display.show(page_);
}

void Scale::persistSettings() {
  Settings stored;
  stored["device_name"] = settings_.deviceName;
  stored["calibration_offset"] = number(settings_.calibrationOffset);
  stored["calibration_factor"] =
      settings_.calibrationFactor ? number(*settings_.calibrationFactor) : "";
  stored["auto_tare"] = settings_.autoTare ? "true" : "false";
  stored["sleep_timeout"] = std::to_string(settings_.sleepMinutes);
  stored["led_brightness"] = std::to_string(settings_.brightness);
  for (const auto& [name, storageKey] : kStoredSettings) {
    auto current = parts_.storage.get(storageKey);
    if (!current || *current != stored[name]) parts_.storage.put(storageKey, stored[name]);
  }
}

void Scale::loadStored() {
  Storage& s = parts_.storage;
  key_ = s.get(kKey);
  if (key_ && key_->empty()) key_.reset();
  wifiSsid_ = s.get(kWifiSsid).value_or("");
  wifiPassword_ = s.get(kWifiPassword).value_or("");
  failedSsid_ = s.get(kFailedSsid).value_or("");
  failedPassword_ = s.get(kFailedPassword).value_or("");
  failedReported_ = s.get(kFailedReported).value_or("1") == "1";
  Settings stored;
  for (const auto& [name, storageKey] : kStoredSettings) {
    if (auto value = s.get(storageKey)) stored[name] = *value;
  }
  std::string ignored;
  applySettings(settings_, stored, false, ignored);
  if (auto own = s.get(kOwnFactor)) {
    if (auto value = parseNumber(*own); value && std::fabs(*value) >= 1) {
      weighing_.setOwnFactor(*value);
    }
  }
  weighing_.setServerFactor(settings_.calibrationFactor);
  weighing_.setOffset(settings_.calibrationOffset);
  if (auto zero = s.get(kZero); zero && parseNumber(*zero)) {
    weighing_.setZero(static_cast<int32_t>(*parseNumber(*zero)));
  }
  bootTarePending_ = config_.tareAtBoot;
  if (auto report = s.get(kCalibrationToReport)) calibrationToReport_ = parseNumber(*report);
}

void Scale::log(const std::string& line) {
  if (config_.log) config_.log(line);
}

}  // namespace beerscale
