#include "bench/kdl/kdl_arm.h"

#include <kdl/frames.hpp>
#include <kdl/joint.hpp>
#include <kdl/segment.hpp>

namespace armbench {

KDL::Frame to_kdl(const Pose3& pose) {
  const glm::dmat3& r = pose.rotation;  // column-major: r[column][row]
  return KDL::Frame(KDL::Rotation(r[0][0], r[1][0], r[2][0],  //
                                  r[0][1], r[1][1], r[2][1],  //
                                  r[0][2], r[1][2], r[2][2]),
                    KDL::Vector(pose.translation.x, pose.translation.y, pose.translation.z));
}

Pose3 from_kdl(const KDL::Frame& frame) {
  Pose3 pose;
  for (int row = 0; row < 3; ++row)
    for (int column = 0; column < 3; ++column) pose.rotation[column][row] = frame.M(row, column);
  pose.translation = glm::dvec3(frame.p.x(), frame.p.y(), frame.p.z());
  return pose;
}

void make_kdl_arm(const ArmModel& arm, KdlArm& out) {
  const size_t n = arm.hinges.size();
  out.chain = KDL::Chain();
  const Pose3 base = make_pose(arm.base_translation, arm.base_rotation);
  out.chain.addSegment(KDL::Segment(arm.base_name, KDL::Joint(KDL::Joint::None),
                                    to_kdl(base * make_pose(arm.hinges[0].translation, arm.hinges[0].rotation))));
  out.q_min.resize(static_cast<unsigned>(n));
  out.q_max.resize(static_cast<unsigned>(n));
  for (size_t i = 0; i < n; ++i) {
    const ArmHinge& h = arm.hinges[i];
    const Pose3 tip = i + 1 < n ? make_pose(arm.hinges[i + 1].translation, arm.hinges[i + 1].rotation)
                                : make_pose(arm.flange_translation, arm.flange_rotation);
    const KDL::Joint joint(h.name, KDL::Vector::Zero(), KDL::Vector(h.axis.x, h.axis.y, h.axis.z), KDL::Joint::RotAxis);
    out.chain.addSegment(KDL::Segment(h.name, joint, to_kdl(tip)));
    out.q_min(static_cast<unsigned>(i)) = h.min;
    out.q_max(static_cast<unsigned>(i)) = h.max;
  }
}

}  // namespace armbench
