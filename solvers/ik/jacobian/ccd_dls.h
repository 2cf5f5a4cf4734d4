// CCD -> DLS: a few CCD sweeps to bring the chain near the goal quickly, then damped
// least squares to finish (the IK guide: CCD and the Jacobian solvers share the angle
// representation, so one can seed the other).
//
// CCD (ccd.h) moves a chain far in its first sweeps but crawls near the goal; DLS
// (jacobian.h) converges fast near the goal but needs more iterations from far away. Up
// to kCcdSeedSweeps CCD sweeps on the main effector's position, then DLS with the rest of
// params.max_iterations, warm-started from the CCD result. The DLS part honours
// everything DLS does (orientation goals, extra effectors, lambda, the step clamp); the
// CCD sweeps only see the main effector's position.
//
// Iterations count the sweeps and the DLS iterations together. The trace holds the error
// before the first sweep, after each sweep (position error: what CCD measures) and after
// each DLS iteration (DLS's error), with poses of the chain's joints (the chain's tree).
//
// Pole (Goal::use_pole, pole.h): the whole CCD-then-DLS solve runs inside solve_with_pole
// (aim and turn into the pole's plane before, a final twist about root -> effector after).
#pragma once

#include "solvers/ik/chain.h"

namespace ik {

constexpr int kCcdSeedSweeps = 2;

SolveResult solve_ccd_dls(const Skeleton& skeleton, const Chain& chain, Pose& pose, Workspace& workspace,
                          Trace* trace);

}  // namespace ik
