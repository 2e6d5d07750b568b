// beerscale reference scale: an ESP32 with an HX711 and a 5 kg load cell, a 128x64 OLED and a
// button. The protocol, weighing and settings live in the BeerscaleCore library (firmware/core);
// this sketch only wires it to the hardware. Build and flash: docs/BUILD-A-SCALE.md.
//
// Libraries: BeerscaleCore (firmware/core), HX711 by bogde, WebSockets by Markus Sattler
// (arduinoWebSockets), ArduinoJson 7, U8g2; the ESP32 Arduino core 3.x (2.x works too: C++17).
//
// loop() never blocks: the socket (a TCP connect takes up to 5 s) and the mDNS query (about
// 3 s) run in tasks of their own, so weighing, the display and the button keep going.

#include <Arduino.h>
#include <BeerscaleCore.h>
#include <ESPmDNS.h>
#include <U8g2lib.h>
#include <WiFi.h>

#include <mutex>
#include <string>

#include "arduino_parts.h"
#include "arduinojson_codec.h"
#include "config.h"
#include "oled_display.h"
#include "ws_transport.h"

#if defined(BEERSCALE_OLED_SH1106)
U8G2_SH1106_128X64_NONAME_F_HW_I2C screen(U8G2_R0, U8X8_PIN_NONE);
#else
U8G2_SSD1306_128X64_NONAME_F_HW_I2C screen(U8G2_R0, U8X8_PIN_NONE);
#endif

beerscale::Hx711LoadCell cell(PIN_HX711_DOUT, PIN_HX711_SCK);
beerscale::WsTransport transport;
beerscale::OledDisplay display(screen);
beerscale::PreferencesStorage storage;
beerscale::ArduinoClock clock_;
beerscale::WifiNetwork network;
beerscale::ArduinoJsonCodec codec;
beerscale::Scale* scale = nullptr;

// The button: a short press tares the empty platform, a press of 3 s or more calibrates with
// the known weight (BEERSCALE_KNOWN_WEIGHT_GRAMS) standing on the tared platform.
unsigned long pressedAt = 0;
bool pressed = false;

static std::string macWithoutColons() {
  std::string mac = WiFi.macAddress().c_str();
  std::string out;
  for (char c : mac) {
    if (c != ':') out += c;
  }
  return out;
}

// The server on the LAN by DNS-SD (_beerscale._tcp; TXT path), when config.h names none. The
// query blocks for about 3 s, so it runs in a task; the core asks again after its back-off and
// gets the answer then ("" meanwhile: it tries the last server that worked).
std::mutex mdnsLock;
std::string mdnsFound;
bool mdnsQuerying = false;

static std::string queryServer() {
  static bool started = false;
  if (!started) started = MDNS.begin("beerscale-scale");
  if (!started || MDNS.queryService("beerscale", "tcp") <= 0) return "";
  std::string path = MDNS.txt(0, "path").c_str();
  if (path.empty()) path = "/ws/device";
#if ESP_ARDUINO_VERSION_MAJOR >= 3
  IPAddress address = MDNS.address(0);  // core 3.x
#else
  IPAddress address = MDNS.IP(0);  // core 2.x
#endif
  return std::string("ws://") + address.toString().c_str() + ":" + std::to_string(MDNS.port(0)) +
         path;
}

static void mdnsTask(void*) {
  std::string url = queryServer();
  {
    std::lock_guard<std::mutex> hold(mdnsLock);
    mdnsFound = url;
    mdnsQuerying = false;
  }
  vTaskDelete(nullptr);
}

static std::string discoverServer() {
  std::lock_guard<std::mutex> hold(mdnsLock);
  if (!mdnsFound.empty()) {
    std::string url = mdnsFound;
    mdnsFound.clear();
    return url;
  }
  if (!mdnsQuerying &&
      xTaskCreatePinnedToCore(mdnsTask, "beerscale-mdns", 4096, nullptr, 1, nullptr, 0) == pdPASS) {
    mdnsQuerying = true;
  }
  return "";
}

static void pollButton() {
  bool down = digitalRead(PIN_BUTTON) == LOW;
  unsigned long now = millis();
  if (down && !pressed) {
    pressed = true;
    pressedAt = now;
  } else if (!down && pressed) {
    pressed = false;
    unsigned long held = now - pressedAt;
    if (held >= 3000) {
      scale->calibrate(BEERSCALE_KNOWN_WEIGHT_GRAMS);
    } else if (held >= 50) {  // shorter is contact bounce
      scale->tare();
    }
  }
}

void setup() {
  Serial.begin(115200);
  pinMode(PIN_BUTTON, INPUT_PULLUP);
  WiFi.mode(WIFI_STA);  // the MAC is read from the station interface
  display.begin();
  cell.begin();
  storage.begin();
  transport.begin();

  beerscale::Config config;
  config.serverUrl = BEERSCALE_SERVER_URL;
  config.discover = discoverServer;
  config.mac = macWithoutColons();
  config.model = "beerscale-esp32";
  config.tareAtBoot = true;  // switch it on with the platform empty
  config.bootstrapSsid = BEERSCALE_WIFI_SSID;
  config.bootstrapPassword = BEERSCALE_WIFI_PASSWORD;
  config.log = [](const std::string& line) { Serial.println(line.c_str()); };
  static beerscale::Scale instance({cell, transport, display, storage, clock_, network, codec},
                                   config);
  scale = &instance;
  scale->begin();
}

void loop() {
  scale->loop();
  pollButton();
  display.tick(millis());
  delay(2);
}
