// How far an effector is from its Goal, shared by the analytic and Jacobian solvers.
//
// The error of one effector is its position distance to the goal (scene units), plus,
// for a 6-D goal (Goal::use_orientation), orientation_weight times the angle between the
// effector's model-space rotation and Goal::orientation (radians; orientation_weight is
// in scene units per radian, Params).
#pragma once

#include "solvers/ik/chain.h"

namespace ik {

// The rotation part of a model-space linear map (rotation times scale): Gram-Schmidt on
// its X and Y columns, so a sheared or mirrored map gives the nearest proper rotation of
// its X axis and XY plane.
glm::quat rotation_of(const glm::mat3& linear);

// The rotation vector (unit axis times angle, angle in [0, pi]) of the shortest rotation
// R with to = R * from, in the space both are expressed in.
glm::vec3 rotation_vector_between(const glm::quat& from, const glm::quat& to);

// The error of an effector at model-space `position` with model-space linear part
// `linear` against `goal` (see above).
float effector_error(const Goal& goal, const glm::vec3& position, const glm::mat3& linear,
                     float orientation_weight);

}  // namespace ik
