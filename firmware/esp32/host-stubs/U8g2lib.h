#pragma once
// Stub: U8g2 by olikraus, the calls the sketch makes (SSD1306 and SH1106 128x64 over I2C).
#include "Arduino.h"

typedef struct {
  int unused;
} u8g2_cb_t;
extern const u8g2_cb_t u8g2_cb_r0;
#define U8G2_R0 (&u8g2_cb_r0)
#define U8X8_PIN_NONE 255

extern const uint8_t u8g2_font_6x10_tf[];
extern const uint8_t u8g2_font_logisoso22_tr[];

class U8G2 {
 public:
  bool begin();
  void clearBuffer();
  void sendBuffer();
  void setFont(const uint8_t* font);
  uint16_t drawUTF8(uint16_t x, uint16_t y, const char* text);
  uint16_t getUTF8Width(const char* text);
  void setContrast(uint8_t value);
  void setPowerSave(uint8_t is_enable);
  void setDrawColor(uint8_t color_index);
  void drawBox(uint16_t x, uint16_t y, uint16_t w, uint16_t h);
  void updateDisplayArea(uint8_t tx, uint8_t ty, uint8_t tw, uint8_t th);
};

class U8G2_SSD1306_128X64_NONAME_F_HW_I2C : public U8G2 {
 public:
  U8G2_SSD1306_128X64_NONAME_F_HW_I2C(const u8g2_cb_t* rotation, uint8_t reset = U8X8_PIN_NONE,
                                      uint8_t clock = U8X8_PIN_NONE, uint8_t data = U8X8_PIN_NONE);
};

class U8G2_SH1106_128X64_NONAME_F_HW_I2C : public U8G2 {
 public:
  U8G2_SH1106_128X64_NONAME_F_HW_I2C(const u8g2_cb_t* rotation, uint8_t reset = U8X8_PIN_NONE,
                                     uint8_t clock = U8X8_PIN_NONE, uint8_t data = U8X8_PIN_NONE);
};
