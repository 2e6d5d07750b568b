#pragma once
// Edit before flashing (docs/BUILD-A-SCALE.md). WiFi here is only the first network: the owner
// sets another in the app (scale settings), and the scale keeps whichever last worked.

// The server; "" finds it on the LAN by mDNS (a server started with HOST=0.0.0.0 advertises
// itself) and keeps the last one that worked for when multicast does not get through.
#define BEERSCALE_SERVER_URL "ws://192.168.1.20:3000/ws/device"
#define BEERSCALE_WIFI_SSID "your-wifi"
#define BEERSCALE_WIFI_PASSWORD "your-wifi-password"

// Wiring (docs/BUILD-A-SCALE.md has the table and a diagram). GPIO 16 and 17 would carry the
// PSRAM on WROVER modules, which are sold as "ESP32 DevKit" too: 25 and 26 are free on WROOM and
// WROVER alike.
#define PIN_HX711_DOUT 25
#define PIN_HX711_SCK 26
#define PIN_BUTTON 27  // to GND; INPUT_PULLUP
// The OLED on the ESP32's default I2C pins: SDA 21, SCL 22.
// One of the two: a 0.96" module is usually an SSD1306, a 1.3" one an SH1106.
#define BEERSCALE_OLED_SSD1306
// #define BEERSCALE_OLED_SH1106

// The known weight the button's long press calibrates with, in grams.
#define BEERSCALE_KNOWN_WEIGHT_GRAMS 500.0
