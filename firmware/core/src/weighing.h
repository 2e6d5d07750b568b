#pragma once
// HX711 counts to grams: grams = (counts - zero) / factor + offset, averaged per WEIGHT period,
// with the scale's own stability flag, tare, calibration with a known weight and auto-tare.

#include <cstdint>
#include <deque>
#include <optional>

namespace beerscale {

/** Counts per gram before any calibration: about what a 5 kg bar cell gives at gain 128. */
constexpr double kDefaultFactor = 420.0;

class Weighing {
 public:
  struct Reading {
    /** Calibrated grams, the offset added: what WEIGHT sends. */
    double grams = 0;
    bool stable = false;
  };

  Weighing(double factor, int32_t zero) : ownFactor_(factor), zero_(zero) {}

  /** One HX711 conversion. */
  void addCounts(int32_t counts);
  /** Ends a WEIGHT period (100 ms): the mean of its conversions, or the last one's when none
   *  came (a 10 SPS HX711 and a 10 Hz stream drift against each other). */
  Reading take(uint64_t now);
  /** The last period's mean in counts, nullopt before the first conversion. */
  std::optional<double> lastCounts() const { return lastCounts_; }

  /** Zero is what the platform reads now. False before the first conversion. */
  bool tare();
  /** Counts per gram from a known weight standing on the tared platform; nullopt (and nothing
   *  changes) when the platform does not read at least 20 g of counts more than its zero. */
  std::optional<double> calibrate(double knownGrams);
  /** The empty platform drifting within +-5 g for 10 s is zeroed. True when it tared. */
  bool autoTare(uint64_t now, bool allowed);

  void setOwnFactor(double factor) { ownFactor_ = factor; }
  /** The owner's `calibration_factor`; nullopt = not set, the scale's own factor counts. */
  void setServerFactor(std::optional<double> factor) { serverFactor_ = factor; }
  void setOffset(double grams) { offset_ = grams; }
  void setZero(int32_t zero) { zero_ = zero; }

  double factor() const { return serverFactor_.value_or(ownFactor_); }
  double ownFactor() const { return ownFactor_; }
  int32_t zero() const { return zero_; }
  double offset() const { return offset_; }

 private:
  double gramsOf(double counts) const { return (counts - zero_) / factor(); }

  double ownFactor_;
  std::optional<double> serverFactor_;
  int32_t zero_;
  double offset_ = 0;
  double sum_ = 0;
  int samples_ = 0;
  std::optional<double> lastCounts_;
  /** Uncorrected grams (no offset) of the last second, for `stable`. */
  std::deque<std::pair<uint64_t, double>> recent_;
  std::optional<uint64_t> driftSince_;
};

}  // namespace beerscale
