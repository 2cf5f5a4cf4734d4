// The Chains panel's Jacobian readout for the selected chain (Jacobian-based solvers):
// its singular values (wrapped to the panel), the rank, the smallest non-zero singular
// value and the condition number of the non-zero part, and "near a singularity" only when
// the goal's direction lies along a direction the chain can (nearly) not move its
// effector in (solvers/ik/jacobian/jacobian_readout.h), with a tooltip saying what each means.
#pragma once

#include "app/editor/editor.h"

namespace app {

// Draws nothing when the selected chain's solver is not Jacobian-based.
void draw_jacobian_readout(const Editor& editor);

}  // namespace app
