// A small, fast random generator for the solver soak (splitmix64), and the few
// distributions the soak draws from. Its own code rather than <random>'s distributions,
// so a seed gives the same cases with any standard library, and seeding one case costs
// nothing (every case has its own seed, so any one case can be re-run alone).
#pragma once

#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace soak {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1), 24 random bits.
  float unit_float() { return static_cast<float>(next() >> 40) * (1.0f / 16777216.0f); }

  float uniform(float lo, float hi) { return lo + (hi - lo) * unit_float(); }

  // Uniform in [lo, hi], both included.
  int integer(int lo, int hi) {
    return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }

  bool chance(float p) { return unit_float() < p; }

  // Log-uniform in [lo, hi] (both > 0): every decade equally likely.
  float log_uniform(float lo, float hi) {
    return std::exp(uniform(std::log(lo), std::log(hi)));
  }

  glm::vec3 direction() {
    for (;;) {
      const glm::vec3 v{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};  // braces: drawn x, y, z
      const float l = glm::length(v);
      if (l > 0.05f && l <= 1.0f) return v / l;
    }
  }

  // A rotation by up to `max_angle` radians about a random axis.
  glm::quat rotation(float max_angle) {
    const float angle = uniform(-max_angle, max_angle);  // before the axis (argument order)
    return glm::angleAxis(angle, direction());
  }

 private:
  std::uint64_t state_;
};

// The seed of one case: its solver, its index and the run's seed, mixed so that
// neighbouring cases get unrelated streams.
inline std::uint64_t case_seed(std::uint64_t run_seed, int solver, std::uint64_t case_index) {
  Rng mix(run_seed * 0x100000001B3ull + static_cast<std::uint64_t>(solver) * 0x9E3779B97F4A7C15ull +
          case_index);
  mix.next();
  return mix.next();
}

}  // namespace soak
