#include "oled_display.h"

#include <cmath>
#include <cstdio>

namespace beerscale {
namespace {
constexpr int kWidth = 128;
constexpr int kLineHeight = 11;
/** At most 5 redraws a second: a full frame is 1 KB over 400 kHz I2C, about 25 ms. */
constexpr unsigned long kMinRedrawMs = 200;
/** The title line (baseline 9, 10 px font) lies in the first two 8-pixel tile rows. */
constexpr uint8_t kTitleTileRows = 2;
constexpr uint8_t kTileColumns = kWidth / 8;
}  // namespace

void OledDisplay::begin() {
  screen_.begin();
  render();
}

void OledDisplay::show(const Page& page) {
  page_ = page;
  screen_.setFont(u8g2_font_6x10_tf);
  lines_ = wrap(page.text);
  scroll_ = 0;
  pageDirty_ = true;
}

void OledDisplay::weight(float grams) {
  long rounded = std::lround(grams);
  if (rounded == shownGrams_) return;
  shownGrams_ = rounded;
  weightDirty_ = true;
}

void OledDisplay::brightness(int percent) {
  bool wasAsleep = asleep_;
  asleep_ = percent <= 0;
  screen_.setPowerSave(asleep_ ? 1 : 0);
  if (!asleep_) screen_.setContrast(static_cast<uint8_t>(percent * 255 / 100));
  if (wasAsleep && !asleep_) pageDirty_ = true;  // nothing was drawn while asleep
}

void OledDisplay::tick(unsigned long now) {
  size_t room = page_.large.empty() ? 4 : 2;
  if (lines_.size() > room && now - scrolledAt_ >= 2000) {
    scrolledAt_ = now;
    scroll_ = (scroll_ + 1) % (lines_.size() - room + 1);
    pageDirty_ = true;
  }
  if (asleep_ || (!pageDirty_ && !weightDirty_) || now - drawnAt_ < kMinRedrawMs) return;
  drawnAt_ = now;
  if (pageDirty_) render();
  else renderTitleLine();
  pageDirty_ = false;
  weightDirty_ = false;
}

void OledDisplay::drawTitleLine() {
  screen_.setFont(u8g2_font_6x10_tf);
  screen_.drawUTF8(0, 9, page_.title.c_str());
  if (page_.kind != "PAIRING" && page_.kind != "BOOT") {
    char grams[16];
    std::snprintf(grams, sizeof grams, "%ld g", shownGrams_);
    int width = screen_.getUTF8Width(grams);
    // The weight wins over a long title: clear its place first.
    screen_.setDrawColor(0);
    screen_.drawBox(kWidth - width - 2, 0, width + 2, kLineHeight);
    screen_.setDrawColor(1);
    screen_.drawUTF8(kWidth - width, 9, grams);
  }
}

void OledDisplay::renderTitleLine() {
  // Only the title line changed: clear it in the buffer, draw it, send its tiles.
  screen_.setDrawColor(0);
  screen_.drawBox(0, 0, kWidth, kLineHeight);
  screen_.setDrawColor(1);
  drawTitleLine();
  screen_.updateDisplayArea(0, 0, kTileColumns, kTitleTileRows);
}

std::vector<std::string> OledDisplay::wrap(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(start, end - start);
    std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && screen_.getUTF8Width(candidate.c_str()) > kWidth) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

void OledDisplay::render() {
  if (asleep_) return;
  screen_.clearBuffer();
  drawTitleLine();
  int y = 9 + kLineHeight;
  if (!page_.large.empty()) {
    screen_.setFont(u8g2_font_logisoso22_tr);
    screen_.drawUTF8((kWidth - screen_.getUTF8Width(page_.large.c_str())) / 2, 38,
                     page_.large.c_str());
    screen_.setFont(u8g2_font_6x10_tf);
    y = 52;
  }
  for (size_t i = scroll_; i < lines_.size() && y <= 64; ++i, y += kLineHeight) {
    screen_.drawUTF8(0, y, lines_[i].c_str());
  }
  screen_.sendBuffer();
}

}  // namespace beerscale
