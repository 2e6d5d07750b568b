#pragma once
// Stub: the ESP32 WiFi calls the sketch makes.
#include "Arduino.h"

typedef enum {
  WL_IDLE_STATUS = 0,
  WL_NO_SSID_AVAIL = 1,
  WL_CONNECTED = 3,
  WL_CONNECT_FAILED = 4,
  WL_CONNECTION_LOST = 5,
  WL_DISCONNECTED = 6
} wl_status_t;

typedef enum { WIFI_OFF = 0, WIFI_STA = 1 } wifi_mode_t;

typedef enum {
  ARDUINO_EVENT_WIFI_STA_CONNECTED = 4,
  ARDUINO_EVENT_WIFI_STA_DISCONNECTED = 5,
  ARDUINO_EVENT_MAX = 100
} arduino_event_id_t;
typedef size_t wifi_event_id_t;
typedef void (*WiFiEventCb)(arduino_event_id_t event);

class WiFiClass {
 public:
  bool mode(wifi_mode_t mode);
  wl_status_t begin(const char* ssid, const char* passphrase = nullptr);
  bool disconnect(bool wifioff = false, bool eraseap = false);
  wl_status_t status();
  bool setAutoReconnect(bool autoReconnect);
  String macAddress();
  wifi_event_id_t onEvent(WiFiEventCb cbEvent, arduino_event_id_t event = ARDUINO_EVENT_MAX);
};
extern WiFiClass WiFi;
