#include "bench/kdl/trac_ik_runner.h"

#include <trac_ik/trac_ik.hpp>

#include "bench/kdl/kdl_arm.h"

namespace armbench {
namespace {

constexpr double kEps = 1e-5;

class TracIk : public IkRunner {
 public:
  TracIk(const ArmModel& arm, double budget_seconds) {
    make_kdl_arm(arm, arm_);
    ik_ = std::make_unique<trac_ik::TRAC_IK>(arm_.chain, arm_.q_min, arm_.q_max, budget_seconds, kEps,
                                             trac_ik::SolveType::Speed);
    seed_ = KDL::JntArray(arm_.chain.getNrOfJoints());
    out_ = seed_;
  }
  std::string name() const override { return "TRAC-IK (Speed)"; }
  BudgetClock budget_clock() const override { return BudgetClock::wall; }
  int solve(const Pose3& target, const std::vector<double>& seed, Clock::time_point /*deadline: its own*/,
            std::vector<double>& theta) override {
    for (unsigned i = 0; i < seed_.rows(); ++i) seed_(i) = seed[i];
    ik_->CartToJnt(seed_, to_kdl(target), out_);  // >= 0 on success; the check decides anyway
    theta.assign(out_.data.data(), out_.data.data() + out_.rows());
    return -1;
  }

 private:
  KdlArm arm_;
  std::unique_ptr<trac_ik::TRAC_IK> ik_;
  KDL::JntArray seed_, out_;
};

}  // namespace

std::unique_ptr<IkRunner> make_trac_ik_runner(const ArmModel& arm, double budget_seconds) {
  return std::make_unique<TracIk>(arm, budget_seconds);
}

}  // namespace armbench
