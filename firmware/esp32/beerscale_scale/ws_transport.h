#pragma once
// The core's Transport on arduinoWebSockets. The library reconnects on its own; the core wants
// its own back-off (honouring retryAfter), so the socket is pumped only while a connection is
// wanted, and a new begin() starts each attempt.

#include <WebSocketsClient.h>

#include <deque>

#include <BeerscaleCore.h>

namespace beerscale {

class WsTransport : public Transport {
 public:
  void open(const std::string& url) override;
  void close() override;
  bool send(const std::string& text) override;
  void poll() override;

 private:
  WebSocketsClient client_;
  bool wanted_ = false;
  bool connected_ = false;
  bool handlerSet_ = false;
  std::deque<std::pair<int, std::string>> events_;  // 0 open, 1 text, 2 closed
};

}  // namespace beerscale
