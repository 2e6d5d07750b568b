#pragma once
// The core's Transport on arduinoWebSockets, run in a task of its own: the library's loop()
// opens the TCP connection blocking (up to 5 s with no server), and the main loop must keep
// weighing, drawing and reading the button meanwhile. The main loop and the socket task talk
// through two queues under a lock; only the task touches the library. The library's own
// reconnecting is off in effect: the core's back-off decides when to open (honouring
// retryAfter), and each attempt is a new begin().

#include <WebSocketsClient.h>

#include <atomic>
#include <deque>
#include <mutex>
#include <string>

#include <BeerscaleCore.h>

namespace beerscale {

class WsTransport : public Transport {
 public:
  /** Starts the socket task (from setup()). */
  void begin();
  void open(const std::string& url) override;
  void close() override;
  bool send(const std::string& text) override;
  void poll() override;

 private:
  enum class Command { Open, Close, Send };
  enum class Event { Opened, Text, Closed };
  struct Queued {
    Command command;
    std::string text;
    uint32_t generation;
  };
  struct Heard {
    Event event;
    std::string text;
    uint32_t generation;
  };

  static void task(void* self);
  void run();
  void apply(const Queued& command);

  std::mutex lock_;
  std::deque<Queued> commands_;
  std::deque<Heard> events_;
  /** Counts open(): events of an older connection are dropped, not reported. */
  uint32_t generation_ = 0;
  std::atomic<bool> connected_{false};

  // The socket task's own.
  WebSocketsClient client_;
  bool wanted_ = false;
  bool handlerSet_ = false;
  uint32_t current_ = 0;
};

}  // namespace beerscale
