// The IK solvers the comparison runs, behind one interface: given a target pose of the
// flange and a seed, solve until done or until a deadline, and give back the joint angles.
//
// Every runner works on the same arm (arm_model.h) and speaks the rig's angles: θ per
// hinge, radians, relative to rest. Success is not the runner's to decide: the caller
// checks the returned angles with its own forward kinematics (compare_ik.cpp).
//
//  * KDL ChainIkSolverPos_NR_JL, with ChainIkSolverVel_pinv or ChainIkSolverVel_wdls,
//    built with the arm's explicit limits (without them NR_JL clamps every joint to >= 0),
//    eps 1e-5 (its test is per twist component). It is called one iteration at a time
//    (each call starts with the forward kinematics the next iteration needs anyway, so
//    this is the same run) until it converges or the deadline passes (read every 8
//    iterations): KDL has no time budget of its own, and this also counts its iterations.
//  * KDL ChainIkSolverPos_LMA with all six weights 1 (the default weights scale the
//    rotation rows by 0.01, which makes the rotation tolerance 100x looser), eps 1e-5 on
//    the norm of the 6-D error, called 50 iterations at a time until it converges, reports
//    that it is stuck (joint increments or gradient too small), or the deadline passes.
//    LMA has no joint limits.
//  * KDL-RR: the same LMA inside the random-restart wrapper ikscope's DLS gets (below):
//    called iterations_per_call at a time (warm start) until it converges, and started
//    again from uniformly random angles within the limits when it reports being stuck, has
//    run iterations_per_attempt iterations without converging, or converges outside the
//    limits (after whole turns: an answer the caller cannot use, since LMA ignores them).
//  * ikscope's damped least squares (solvers/ik/jacobian/jacobian.h, float) with a 6-D goal (position
//    + orientation), the arm's hinge limits, called max_iterations at a time (warm start)
//    until reached, stalled, or the deadline; with restarts, a stall, an unreachable
//    verdict or an attempt that has not reached within iterations_per_attempt starts
//    again from uniformly random angles within the limits.
//
//  * TRAC-IK (trac_ik_runner.h), which keeps its own budget in wall time.
//
// The chain objects live in the runner (KDL solvers keep references to their chain).
#pragma once

#include <time.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "bench/kdl/arm_model.h"
#include "solvers/anim/skeleton.h"

namespace armbench {

// Budgets and times are the solving thread's CPU time, not wall time: the machine the
// figures come from is shared (2 cores, several other jobs), and a solve that the
// scheduler pauses for a few milliseconds would otherwise fail a 5 ms budget having
// computed for 40 µs. One read costs a system call (about 1 µs here), so runners read it
// only every few iterations.
struct ThreadCpuClock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<ThreadCpuClock>;
  static constexpr bool is_steady = true;
  static time_point now() noexcept {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return time_point(duration(static_cast<rep>(t.tv_sec) * 1000000000 + t.tv_nsec));
  }
};
using Clock = ThreadCpuClock;

// The clock a runner's budget runs on: the solving thread's CPU time (the deadline passed
// to solve), or wall time kept by the runner itself (TRAC-IK, which ignores the deadline).
enum class BudgetClock { thread_cpu, wall };

class IkRunner {
 public:
  virtual ~IkRunner() = default;
  virtual std::string name() const = 0;
  virtual BudgetClock budget_clock() const { return BudgetClock::thread_cpu; }
  // Writes the angles reached into `theta` (resized to the arm's dof) and returns the
  // iterations run, or -1 if the solver does not tell.
  virtual int solve(const Pose3& target, const std::vector<double>& seed, Clock::time_point deadline,
                    std::vector<double>& theta) = 0;
};

// ikscope's DLS settings for the comparison (see compare_ik.cpp for why these values).
struct DlsSettings {
  int iterations_per_call = 32;
  float tolerance = 2e-6f;          // metres + orientation_weight * radians (Params::tolerance)
  float lambda = 0.003f;            // metres (absolute: tolerance_relative off)
  float orientation_weight = 0.5f;  // metres per radian
  bool restarts = false;
  // With restarts: also start again when an attempt has run this many iterations without
  // reaching (slow convergence, e.g. along a limit or near a singular pose).
  int iterations_per_attempt = 64;
  unsigned restart_seed = 99;
};
// `skeleton` is the arm imported by ikscope's importer; it must outlive the runner.
std::unique_ptr<IkRunner> make_ikscope_runner(const ArmModel& arm, const ik::Skeleton& skeleton,
                                              const DlsSettings& settings);

enum class KdlMethod { nr_jl_pinv, nr_jl_wdls, lma, lma_restarts };
// `restarts`: the random-restart wrapper's numbers (iterations per call and per attempt,
// the seed of its random starts), read by lma_restarts only.
std::unique_ptr<IkRunner> make_kdl_runner(const ArmModel& arm, KdlMethod method, const DlsSettings& restarts);

}  // namespace armbench
