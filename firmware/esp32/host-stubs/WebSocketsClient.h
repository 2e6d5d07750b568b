#pragma once
// Stub: arduinoWebSockets by Links2004, the client calls the sketch makes.
#include <functional>

#include "Arduino.h"

typedef enum {
  WStype_ERROR,
  WStype_DISCONNECTED,
  WStype_CONNECTED,
  WStype_TEXT,
  WStype_BIN,
  WStype_FRAGMENT_TEXT_START,
  WStype_FRAGMENT_BIN_START,
  WStype_FRAGMENT,
  WStype_FRAGMENT_FIN,
  WStype_PING,
  WStype_PONG,
} WStype_t;

class WebSocketsClient {
 public:
  typedef std::function<void(WStype_t type, uint8_t* payload, size_t length)> WebSocketClientEvent;
  void begin(const char* host, uint16_t port, const char* url = "/", const char* protocol = "arduino");
  void onEvent(WebSocketClientEvent cbEvent);
  void loop();
  bool sendTXT(const char* payload, size_t length = 0);
  void disconnect();
  void setReconnectInterval(unsigned long time);
  bool isConnected();
};
