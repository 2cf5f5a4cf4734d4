// TRAC-IK (the unmodified snapshot in ../shared/peers/trac_ik, trac_ik.cmake) as a runner
// of the arm comparison (ik_runners.h).
//
// Built as its README says, from the same KDL::Chain and limits as the KDL runners
// (kdl_arm.h): trac_ik::TRAC_IK(chain, q_min, q_max, budget, 1e-5, SolveType::Speed), then
// one CartToJnt per target from the comparison's seed. Each call starts two threads, KDL
// Newton with random restarts (ChainIkSolverPos_TL) and NLopt's SQP (NLOPT_IK), and returns
// the first answer either finds (Speed); both stop when the budget, measured in WALL time
// from the call's start, runs out. So the comparison's deadline (thread CPU time) is not
// used, and budget_clock() says wall. Its answer is judged by the comparison's own check,
// like every other runner's; it does not report iterations (solve returns -1).
#pragma once

#include <memory>

#include "bench/kdl/ik_runners.h"

namespace armbench {

std::unique_ptr<IkRunner> make_trac_ik_runner(const ArmModel& arm, double budget_seconds);

}  // namespace armbench
