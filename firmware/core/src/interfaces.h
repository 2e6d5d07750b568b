#pragma once
// The six small interfaces the core runs behind. The host build (firmware/host) and the ESP32
// sketch (firmware/esp32) each implement them; the core never touches hardware or sockets.

#include <cstdint>
#include <optional>
#include <string>

namespace beerscale {

/** Raw readings of an HX711 (signed 24-bit counts). */
class LoadCell {
 public:
  virtual ~LoadCell() = default;
  /** True when a new conversion is waiting (the HX711's DOUT went low). */
  virtual bool ready() = 0;
  virtual int32_t readCounts() = 0;
};

/** What a Transport reports; delivered from Transport::poll on the core's own thread. */
class TransportListener {
 public:
  virtual ~TransportListener() = default;
  virtual void onOpen() = 0;
  virtual void onText(const std::string& text) = 0;
  /** The socket closed or could not be opened. Close codes are not reported: arduinoWebSockets
   *  cannot see them, so the core never relies on them (the REJECT before it says why). */
  virtual void onClosed() = 0;
};

/** One WebSocket client connection at a time, text frames only. */
class Transport {
 public:
  virtual ~Transport() = default;
  void setListener(TransportListener* listener) { listener_ = listener; }
  /** Starts opening ws://host:port/path; onOpen or onClosed follows. */
  virtual void open(const std::string& url) = 0;
  /** Closes (normal close) if open; no onClosed follows for a connection closed this way. */
  virtual void close() = 0;
  virtual bool send(const std::string& text) = 0;
  /** Pumps the socket and delivers events to the listener. */
  virtual void poll() = 0;

 protected:
  TransportListener* listener_ = nullptr;
};

/** A page of the scale's screen. `kind` is a game phase (IDLE, DRINKING, ...) or the scale's
 *  own state (BOOT, WIFI, CONNECTING, PAIRING, REJECTED, CALIBRATION). */
struct Page {
  std::string kind;
  /** Shown large: the target, the pairing code. */
  std::string large;
  /** A short line: the player on turn, the network. */
  std::string title;
  /** The message, wrapped or scrolled on a small screen. */
  std::string text;
  /** The pairing code's six digits, on the PAIRING page only. */
  std::string code;
  bool operator==(const Page& other) const {
    return kind == other.kind && large == other.large && title == other.title &&
           text == other.text && code == other.code;
  }
};

class Display {
 public:
  virtual ~Display() = default;
  virtual void show(const Page& page) = 0;
  /** The live reading, drawn in a corner where the screen has room; may be ignored. */
  virtual void weight(float grams) = 0;
  /** 0-100 percent; 0 means the screen sleeps. */
  virtual void brightness(int percent) = 0;
};

/** Small persistent key/value strings (NVS Preferences on the ESP32, a JSON file on the host). */
class Storage {
 public:
  virtual ~Storage() = default;
  virtual std::optional<std::string> get(const std::string& key) = 0;
  virtual void put(const std::string& key, const std::string& value) = 0;
  virtual void remove(const std::string& key) = 0;
};

class Clock {
 public:
  virtual ~Clock() = default;
  /** Milliseconds since an arbitrary start, never going back. */
  virtual uint64_t millis() = 0;
  /** A random number in [0, bound) for reconnect jitter (need not be cryptographic). */
  virtual uint32_t random(uint32_t bound) = 0;
};

/** The WiFi link. On the host "networks" are names; a joined one is the loopback. */
class Network {
 public:
  enum class State { Idle, Joining, Connected, Failed };
  virtual ~Network() = default;
  /** Starts joining; state() says Joining until it is Connected or Failed. */
  virtual void join(const std::string& ssid, const std::string& password) = 0;
  virtual State state() = 0;
};

}  // namespace beerscale
