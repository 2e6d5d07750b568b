#include "ws_transport.h"

#include <cstdlib>

namespace beerscale {
namespace {
// After begin(), the library's loop() waits this long before its first connect: small, since
// the core already waited its back-off (60 s here kept a scale off the server for a minute).
constexpr unsigned long kFirstConnectMs = 100;
constexpr uint32_t kTaskStack = 8192;
constexpr TickType_t kTaskPause = pdMS_TO_TICKS(2);
}  // namespace

void WsTransport::begin() {
  // Core 0 beside WiFi; the sketch's loop() runs on core 1.
  xTaskCreatePinnedToCore(&WsTransport::task, "beerscale-ws", kTaskStack, this, 1, nullptr, 0);
}

void WsTransport::task(void* self) { static_cast<WsTransport*>(self)->run(); }

void WsTransport::open(const std::string& url) {
  std::lock_guard<std::mutex> hold(lock_);
  generation_ += 1;
  events_.clear();
  connected_ = false;
  commands_.push_back({Command::Open, url, generation_});
}

void WsTransport::close() {
  std::lock_guard<std::mutex> hold(lock_);
  generation_ += 1;  // whatever the old connection still says is not news any more
  events_.clear();
  connected_ = false;
  commands_.push_back({Command::Close, std::string(), generation_});
}

bool WsTransport::send(const std::string& text) {
  if (!connected_) return false;
  std::lock_guard<std::mutex> hold(lock_);
  commands_.push_back({Command::Send, text, generation_});
  return true;
}

void WsTransport::poll() {
  std::deque<Heard> heard;
  uint32_t generation;
  {
    std::lock_guard<std::mutex> hold(lock_);
    heard.swap(events_);
    generation = generation_;
  }
  for (const Heard& h : heard) {
    if (h.generation != generation || !listener_) continue;
    if (h.event == Event::Opened) listener_->onOpen();
    else if (h.event == Event::Text) listener_->onText(h.text);
    else listener_->onClosed();
  }
}

void WsTransport::run() {
  for (;;) {
    std::deque<Queued> commands;
    {
      std::lock_guard<std::mutex> hold(lock_);
      commands.swap(commands_);
    }
    for (const Queued& command : commands) apply(command);
    if (wanted_) client_.loop();  // may block while a TCP connection is opened: only this task
    vTaskDelay(kTaskPause);
  }
}

void WsTransport::apply(const Queued& command) {
  if (command.command == Command::Send) {
    if (wanted_ && command.generation == current_) client_.sendTXT(command.text.c_str(), command.text.size());
    return;
  }
  if (wanted_) {
    wanted_ = false;  // set first: the disconnect below reports nothing of an unwanted socket
    client_.disconnect();
  }
  current_ = command.generation;
  if (command.command == Command::Close) return;

  // ws://host:port/path (wss:// needs beginSSL and a certificate: see docs/BUILD-A-SCALE.md).
  const std::string& url = command.text;
  std::string rest = url.rfind("ws://", 0) == 0 ? url.substr(5) : url;
  size_t slash = rest.find('/');
  std::string hostPort = rest.substr(0, slash);
  std::string path = slash == std::string::npos ? "/" : rest.substr(slash);
  size_t colon = hostPort.rfind(':');
  std::string host = hostPort.substr(0, colon);
  uint16_t port = colon == std::string::npos
                      ? 80
                      : static_cast<uint16_t>(std::atoi(hostPort.substr(colon + 1).c_str()));
  if (!handlerSet_) {
    handlerSet_ = true;
    client_.onEvent([this](WStype_t type, uint8_t* payload, size_t length) {
      if (!wanted_) return;
      Heard heard{Event::Text, std::string(), current_};
      if (type == WStype_CONNECTED) {
        connected_ = true;
        heard.event = Event::Opened;
      } else if (type == WStype_TEXT) {
        heard.text.assign(reinterpret_cast<char*>(payload), length);
      } else if (type == WStype_DISCONNECTED || type == WStype_ERROR) {
        connected_ = false;
        wanted_ = false;  // no automatic reconnect: the core decides when
        heard.event = Event::Closed;
      } else {
        return;
      }
      std::lock_guard<std::mutex> hold(lock_);
      events_.push_back(heard);
    });
  }
  client_.setReconnectInterval(kFirstConnectMs);
  wanted_ = true;
  // No setExtraHeaders: the server refuses an Origin other than file://.
  client_.begin(host.c_str(), port, path.c_str());
}

}  // namespace beerscale
