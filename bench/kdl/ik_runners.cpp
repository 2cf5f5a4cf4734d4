#include "bench/kdl/ik_runners.h"

#include <random>
#include <stdexcept>

#include <kdl/chainfksolverpos_recursive.hpp>
#include <kdl/chainiksolverpos_lma.hpp>
#include <kdl/chainiksolverpos_nr_jl.hpp>
#include <kdl/chainiksolvervel_pinv.hpp>
#include <kdl/chainiksolvervel_wdls.hpp>

#include "bench/kdl/arm_rows.h"
#include "bench/kdl/kdl_arm.h"
#include "solvers/ik/jacobian/jacobian.h"
#include "solvers/ik/workspace.h"

namespace armbench {
namespace {

constexpr double kEps = 1e-5;
// NR_JL reads the clock every this many iterations (an iteration costs a few µs, a clock
// read about 1).
constexpr int kClockEvery = 8;

// What the KDL runners share: the arm as a KDL chain (built before the solvers that keep
// a reference to it, being a base), the joint arrays, the seed copied in and the angles
// copied out.
class KdlRunner : public IkRunner {
 protected:
  explicit KdlRunner(const ArmModel& arm) {
    make_kdl_arm(arm, arm_);
    q_ = KDL::JntArray(arm_.chain.getNrOfJoints());
    out_ = q_;
  }
  void start(const std::vector<double>& seed) {
    for (unsigned i = 0; i < q_.rows(); ++i) q_(i) = seed[i];
  }
  void finish(std::vector<double>& theta) const { theta.assign(q_.data.data(), q_.data.data() + q_.rows()); }

  KdlArm arm_;
  KDL::JntArray q_, out_;
};

class KdlNrJl : public KdlRunner {
 public:
  KdlNrJl(const ArmModel& arm, bool wdls) : KdlRunner(arm), wdls_(wdls) {
    fk_ = std::make_unique<KDL::ChainFkSolverPos_recursive>(arm_.chain);
    if (wdls)
      vel_ = std::make_unique<KDL::ChainIkSolverVel_wdls>(arm_.chain, kEps, 150);
    else
      vel_ = std::make_unique<KDL::ChainIkSolverVel_pinv>(arm_.chain, kEps, 150);
    pos_ = std::make_unique<KDL::ChainIkSolverPos_NR_JL>(arm_.chain, arm_.q_min, arm_.q_max, *fk_, *vel_, 1, kEps);
  }
  std::string name() const override { return wdls_ ? "KDL NR_JL + wdls" : "KDL NR_JL + pinv"; }
  int solve(const Pose3& target, const std::vector<double>& seed, Clock::time_point deadline,
            std::vector<double>& theta) override {
    const KDL::Frame goal = to_kdl(target);
    start(seed);
    int iterations = 0;
    for (;;) {
      // One call = forward kinematics, the convergence test, and (if not converged) one step.
      if (pos_->CartToJnt(q_, goal, out_) >= 0) break;
      ++iterations;
      q_ = out_;
      if (iterations % kClockEvery == 0 && Clock::now() >= deadline) break;
    }
    finish(theta);
    return iterations;
  }

 private:
  bool wdls_;
  std::unique_ptr<KDL::ChainFkSolverPos_recursive> fk_;
  std::unique_ptr<KDL::ChainIkSolverVel> vel_;
  std::unique_ptr<KDL::ChainIkSolverPos_NR_JL> pos_;
};

class KdlLma : public KdlRunner {
 public:
  explicit KdlLma(const ArmModel& arm) : KdlRunner(arm) {
    Eigen::Matrix<double, 6, 1> weights;
    weights.setOnes();
    lma_ = std::make_unique<KDL::ChainIkSolverPos_LMA>(arm_.chain, weights, kEps, kChunk, 1e-15);
  }
  std::string name() const override { return "KDL LMA (weights 1)"; }
  int solve(const Pose3& target, const std::vector<double>& seed, Clock::time_point deadline,
            std::vector<double>& theta) override {
    const KDL::Frame goal = to_kdl(target);
    start(seed);
    int iterations = 0;
    for (;;) {
      const int status = lma_->CartToJnt(q_, goal, out_);
      iterations += lma_->lastNrOfIter;
      q_ = out_;
      if (status != KDL::SolverI::E_MAX_ITERATIONS_EXCEEDED) break;  // converged, or stuck
      if (Clock::now() >= deadline) break;
    }
    finish(theta);
    return iterations;
  }

 private:
  static constexpr int kChunk = 50;
  std::unique_ptr<KDL::ChainIkSolverPos_LMA> lma_;
};

// KDL-RR: LMA inside ikscope's restart wrapper (IkscopeDls::solve, the same decisions).
class KdlLmaRestarts : public KdlRunner {
 public:
  KdlLmaRestarts(const ArmModel& arm, const DlsSettings& settings)
      : KdlRunner(arm), arm_model_(arm), settings_(settings), rng_(settings.restart_seed) {
    Eigen::Matrix<double, 6, 1> weights;
    weights.setOnes();
    lma_ = std::make_unique<KDL::ChainIkSolverPos_LMA>(arm_.chain, weights, kEps, settings.iterations_per_call, 1e-15);
  }
  std::string name() const override { return "KDL-RR (LMA + restarts)"; }
  int solve(const Pose3& target, const std::vector<double>& seed, Clock::time_point deadline,
            std::vector<double>& theta) override {
    const KDL::Frame goal = to_kdl(target);
    start(seed);
    int iterations = 0, attempt = 0;
    for (;;) {
      const int status = lma_->CartToJnt(q_, goal, out_);
      iterations += lma_->lastNrOfIter;
      attempt += lma_->lastNrOfIter;
      q_ = out_;
      if (status == KDL::SolverI::E_NOERROR && within_limits()) break;
      if (Clock::now() >= deadline) break;
      const bool slow = attempt >= settings_.iterations_per_attempt;
      if (status == KDL::SolverI::E_MAX_ITERATIONS_EXCEEDED && !slow) continue;
      // Stuck, slow, or converged outside the limits: a new random start.
      attempt = 0;
      for (unsigned i = 0; i < q_.rows(); ++i)
        q_(i) = std::uniform_real_distribution<double>(arm_model_.hinges[i].min, arm_model_.hinges[i].max)(rng_);
    }
    finish(theta);
    return iterations;
  }

 private:
  // The comparison's own limit test (moved by whole turns, the same slack).
  bool within_limits() {
    finish(scratch_);
    return into_limits(arm_model_, scratch_, kLimitSlack);
  }

  const ArmModel& arm_model_;
  DlsSettings settings_;
  std::mt19937 rng_;
  std::unique_ptr<KDL::ChainIkSolverPos_LMA> lma_;
  std::vector<double> scratch_;
};

class IkscopeDls : public IkRunner {
 public:
  IkscopeDls(const ArmModel& arm, const ik::Skeleton& skeleton, const DlsSettings& settings)
      : arm_(arm), skeleton_(skeleton), settings_(settings), rng_(settings.restart_seed) {
    for (const ArmHinge& h : arm.hinges) {
      const int index = ik::find_joint(skeleton, h.name);
      if (index < 0) throw std::runtime_error("no joint " + h.name + " in the imported rig");
      hinge_joint_.push_back(index);
    }
    const int flange = ik::find_joint(skeleton, arm.flange_name);
    if (flange < 0) throw std::runtime_error("no flange joint in the imported rig");
    chain_.root = hinge_joint_.front();
    chain_.effector = flange;
    chain_.solver = 0;
    chain_.goal.use_orientation = true;
    ik::Params& p = chain_.params;
    p.max_iterations = settings.iterations_per_call;
    p.tolerance = settings.tolerance;
    p.tolerance_relative = false;
    p.lambda = settings.lambda;
    p.orientation_weight = settings.orientation_weight;
    p.use_limits = true;
    p.warm_start = true;
    pose_.local = skeleton.rest;
    // Only the hinges turn: the flange is the effector's frame, not a free joint.
    workspace_.locked.assign(static_cast<size_t>(skeleton.joint_count()), 1);
    for (int j : hinge_joint_) workspace_.locked[static_cast<size_t>(j)] = 0;
  }
  std::string name() const override {
    return settings_.restarts ? "ikscope DLS + restarts" : "ikscope DLS";
  }
  int solve(const Pose3& target, const std::vector<double>& seed, Clock::time_point deadline,
            std::vector<double>& theta) override {
    chain_.goal.position = glm::vec3(target.translation);
    chain_.goal.orientation = glm::quat_cast(glm::mat3(target.rotation));
    set_angles(seed);
    int iterations = 0, attempt = 0;
    for (;;) {
      const ik::SolveResult r = ik::solve_dls(skeleton_, chain_, pose_, workspace_, nullptr);
      iterations += r.iterations;
      attempt += r.iterations;
      if (r.status == ik::SolveStatus::reached || r.status == ik::SolveStatus::invalid_input) break;
      if (Clock::now() >= deadline) break;
      const bool slow = attempt >= settings_.iterations_per_attempt;
      if (r.status == ik::SolveStatus::max_iterations && !(settings_.restarts && slow)) continue;
      if (!settings_.restarts) break;  // stalled: a local minimum
      attempt = 0;
      std::vector<double>& random = scratch_;
      random.resize(arm_.hinges.size());
      for (size_t i = 0; i < random.size(); ++i)
        random[i] = std::uniform_real_distribution<double>(arm_.hinges[i].min, arm_.hinges[i].max)(rng_);
      set_angles(random);
    }
    theta.resize(hinge_joint_.size());
    for (size_t k = 0; k < hinge_joint_.size(); ++k) {
      // local = rest * rotation(axis, θ): θ from the offset's twist about the axis.
      const size_t j = static_cast<size_t>(hinge_joint_[k]);
      const glm::dquat offset =
          glm::normalize(glm::inverse(glm::dquat(skeleton_.rest[j].rotation)) * glm::dquat(pose_.local[j].rotation));
      const glm::dvec3 axis = glm::normalize(glm::dvec3(skeleton_.limits[j].hinge_axis));
      theta[k] = 2.0 * std::atan2(glm::dot(glm::dvec3(offset.x, offset.y, offset.z), axis), offset.w);
    }
    return iterations;
  }

 private:
  void set_angles(const std::vector<double>& angles) {
    for (size_t k = 0; k < hinge_joint_.size(); ++k) {
      const size_t j = static_cast<size_t>(hinge_joint_[k]);
      pose_.local[j].rotation =
          skeleton_.rest[j].rotation * glm::angleAxis(static_cast<float>(angles[k]), skeleton_.limits[j].hinge_axis);
    }
  }

  const ArmModel& arm_;
  const ik::Skeleton& skeleton_;
  DlsSettings settings_;
  std::mt19937 rng_;
  std::vector<int> hinge_joint_;
  ik::Chain chain_;
  ik::Pose pose_;
  ik::Workspace workspace_;
  std::vector<double> scratch_;
};

}  // namespace

std::unique_ptr<IkRunner> make_kdl_runner(const ArmModel& arm, KdlMethod method, const DlsSettings& restarts) {
  if (method == KdlMethod::lma) return std::make_unique<KdlLma>(arm);
  if (method == KdlMethod::lma_restarts) return std::make_unique<KdlLmaRestarts>(arm, restarts);
  return std::make_unique<KdlNrJl>(arm, method == KdlMethod::nr_jl_wdls);
}

std::unique_ptr<IkRunner> make_ikscope_runner(const ArmModel& arm, const ik::Skeleton& skeleton,
                                              const DlsSettings& settings) {
  return std::make_unique<IkscopeDls>(arm, skeleton, settings);
}

}  // namespace armbench
