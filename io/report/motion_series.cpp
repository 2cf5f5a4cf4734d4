#include "io/report/motion_series.h"

namespace ik {

const char* motion_series_name(MotionSeries series) {
  switch (series) {
    case MotionSeries::error:
      return "error";
    case MotionSeries::pop:
      return "pop";
    case MotionSeries::jitter:
      return "jitter";
    case MotionSeries::drift:
      return "drift";
    case MotionSeries::iterations:
      return "iterations";
    case MotionSeries::microseconds:
      return "us";
    case MotionSeries::foot_slide:
      return "foot_slide";
  }
  return "?";
}

const char* motion_series_title(MotionSeries series) {
  switch (series) {
    case MotionSeries::error:
      return "error (scene units, log)";
    case MotionSeries::pop:
      return "pop (deg)";
    case MotionSeries::jitter:
      return "jitter (deg)";
    case MotionSeries::drift:
      return "drift (scene units)";
    case MotionSeries::iterations:
      return "iterations";
    case MotionSeries::microseconds:
      return "solve time (us)";
    case MotionSeries::foot_slide:
      return "planted foot slide (scene units/s)";
  }
  return "?";
}

float motion_series_value(const MotionFrame& frame, MotionSeries series) {
  switch (series) {
    case MotionSeries::error:
      return frame.error;
    case MotionSeries::pop:
      return frame.pop_degrees;
    case MotionSeries::jitter:
      return frame.jitter_degrees;
    case MotionSeries::drift:
      return frame.drift_distance;
    case MotionSeries::iterations:
      return static_cast<float>(frame.iterations);
    case MotionSeries::microseconds:
      return frame.microseconds;
    case MotionSeries::foot_slide:
      return frame.foot_slide;
  }
  return 0.0f;
}

bool motion_series_is_log(MotionSeries series) { return series == MotionSeries::error; }

}  // namespace ik
