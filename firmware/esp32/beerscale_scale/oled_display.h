#pragma once
// The core's Display on a 128x64 OLED (SSD1306 or SH1106) through U8g2: a title line with the
// live weight on the right, the large text (target, pairing code), and the message wrapped and
// scrolled a line every two seconds. Drawing is done in tick(), at most 5 times a second: a new
// page redraws the screen, a new whole-gram figure only the title line (two of the eight tile
// rows over I2C instead of the whole 1 KB buffer).

#include <U8g2lib.h>

#include <string>
#include <vector>

#include <BeerscaleCore.h>

namespace beerscale {

class OledDisplay : public Display {
 public:
  explicit OledDisplay(U8G2& screen) : screen_(screen) {}
  void begin();
  void show(const Page& page) override;
  void weight(float grams) override;
  void brightness(int percent) override;
  /** Draws what changed (at most every kMinRedrawMs) and scrolls long messages; call from loop(). */
  void tick(unsigned long now);

 private:
  void render();
  void drawTitleLine();
  void renderTitleLine();
  std::vector<std::string> wrap(const std::string& text);

  U8G2& screen_;
  Page page_;
  std::vector<std::string> lines_;
  size_t scroll_ = 0;
  unsigned long scrolledAt_ = 0;
  long shownGrams_ = 0;
  bool asleep_ = false;
  /** What waits for the next draw: the whole page, or only the title line with the weight. */
  bool pageDirty_ = true;
  bool weightDirty_ = false;
  unsigned long drawnAt_ = 0;
};

}  // namespace beerscale
