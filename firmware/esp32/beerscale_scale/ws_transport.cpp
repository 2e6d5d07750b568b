#include "ws_transport.h"

#include <cstdlib>

namespace beerscale {

void WsTransport::open(const std::string& url) {
  // ws://host:port/path (wss:// needs beginSSL and a certificate: see docs/BUILD-A-SCALE.md).
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
      if (type == WStype_CONNECTED) {
        connected_ = true;
        events_.emplace_back(0, std::string());
      } else if (type == WStype_TEXT) {
        events_.emplace_back(1, std::string(reinterpret_cast<char*>(payload), length));
      } else if (type == WStype_DISCONNECTED || type == WStype_ERROR) {
        connected_ = false;
        wanted_ = false;  // no automatic reconnect: the core decides when
        events_.emplace_back(2, std::string());
      }
    });
  }
  // The library's own retry interval only matters while wanted_; the core's back-off rules.
  client_.setReconnectInterval(60000);
  wanted_ = true;
  connected_ = false;
  // No setExtraHeaders: the server refuses an Origin other than file://.
  client_.begin(host.c_str(), port, path.c_str());
}

void WsTransport::close() {
  wanted_ = false;
  events_.clear();
  if (connected_) client_.disconnect();
  connected_ = false;
}

bool WsTransport::send(const std::string& text) {
  if (!connected_) return false;
  return client_.sendTXT(text.c_str(), text.size());
}

void WsTransport::poll() {
  if (wanted_) client_.loop();
  while (!events_.empty() && listener_) {
    auto event = events_.front();
    events_.pop_front();
    if (event.first == 0) listener_->onOpen();
    else if (event.first == 1) listener_->onText(event.second);
    else listener_->onClosed();
  }
}

}  // namespace beerscale
