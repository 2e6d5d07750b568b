#include "weighing.h"

#include <algorithm>
#include <cmath>

namespace beerscale {
namespace {
constexpr uint64_t kStableWindowMs = 1000;
constexpr double kStableBandGrams = 2.0;
constexpr double kAutoTareBandGrams = 5.0;
constexpr uint64_t kAutoTareAfterMs = 10000;
constexpr double kMinCalibrationGrams = 20.0;
}  // namespace

void Weighing::addCounts(int32_t counts) {
  sum_ += counts;
  samples_ += 1;
}

Weighing::Reading Weighing::take(uint64_t now) {
  if (samples_ > 0) {
    lastCounts_ = sum_ / samples_;
    sum_ = 0;
    samples_ = 0;
  }
  double grams = lastCounts_ ? gramsOf(*lastCounts_) : 0.0;
  recent_.emplace_back(now, grams);
  while (!recent_.empty() && now - recent_.front().first > kStableWindowMs) recent_.pop_front();
  auto [low, high] = std::minmax_element(recent_.begin(), recent_.end(),
                                         [](auto& a, auto& b) { return a.second < b.second; });
  bool stable = recent_.size() >= 5 && high->second - low->second <= kStableBandGrams;
  return {grams + offset_, stable};
}

bool Weighing::tare() {
  if (!lastCounts_) return false;
  zero_ = static_cast<int32_t>(std::lround(*lastCounts_));
  recent_.clear();
  driftSince_.reset();
  return true;
}

std::optional<double> Weighing::calibrate(double knownGrams) {
  if (!lastCounts_ || !(knownGrams >= kMinCalibrationGrams)) return std::nullopt;
  double counts = *lastCounts_ - zero_;
  double factor = counts / knownGrams;
  // Less than about one count per gram is no load cell at gain 128: a loose wire or nothing on
  // the platform. A negative factor (the cell mounted upside down) works and is kept.
  if (!std::isfinite(factor) || std::fabs(factor) < 1.0) return std::nullopt;
  ownFactor_ = factor;
  serverFactor_.reset();
  recent_.clear();
  return factor;
}

bool Weighing::autoTare(uint64_t now, bool allowed) {
  if (!allowed || !lastCounts_) {
    driftSince_.reset();
    return false;
  }
  double grams = gramsOf(*lastCounts_);
  if (std::fabs(grams) > kAutoTareBandGrams || std::fabs(grams) < 0.05) {
    driftSince_.reset();
    return false;
  }
  if (!driftSince_) driftSince_ = now;
  if (now - *driftSince_ < kAutoTareAfterMs) return false;
  return tare();
}

}  // namespace beerscale
