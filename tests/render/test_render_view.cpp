// Tests of the GL-free half of render/ (library ikscope_view): the bone and joint
// meshes, bone / joint instance transforms and highlight rules, grid spacing, line and
// point instance packing, and the shaders embedded at build time.
//
// Index:
//   helpers             apply, signed_volume
//   Meshes              the octahedron bone: closed, facing outward, Blender's proportions
//   Bone matrices       head to tail with the waist at a tenth, roll from the hint, degenerate inputs
//   Skeleton instances  a bone per child and a sphere per joint, selection and hover, added tips, a centimetre
//                       rig, the joint radius and its clamps, the least size of highlighted joints on screen
//   Grid                spacing for a humanoid and a centimetre rig, 10 to 100 minor cells at any size
//   Lines and points    segments, polylines, point colours, culling of overlapping handles
//   Embedded shaders    every file in shaders/ embedded byte for byte
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "render/bone_instances.h"
#include "render/embedded_shaders.h"
#include "render/grid_spacing.h"
#include "render/meshes.h"
#include "render/overlay_instances.h"
#include "solvers/anim/pose.h"

namespace {

glm::vec3 apply(const glm::mat4& m, const glm::vec3& p) {
  return glm::vec3(m * glm::vec4(p, 1.0f));
}

// Signed volume of the tetrahedron (o, a, b, c); positive when a, b, c turn
// counter-clockwise seen from outside (from the side away from o).
float signed_volume(const glm::vec3& o, const glm::vec3& a, const glm::vec3& b,
                    const glm::vec3& c) {
  return glm::dot(a - o, glm::cross(b - o, c - o)) / 6.0f;
}

// --- Meshes -------------------------------------------------------------------------

TEST(Meshes, OctahedronIsClosedOutwardAndHasBlendersProportions) {
  const std::vector<render::BoneVertex> v = render::octahedron_bone();
  ASSERT_EQ(v.size(), 24u);
  const glm::vec3 inside(0.0f, render::kBoneWaist, 0.0f);
  float volume = 0.0f;
  float highest = -1.0f;
  float lowest = 1.0f;
  for (std::size_t f = 0; f < v.size(); f += 3) {
    const float face_volume =
        signed_volume(inside, v[f].position, v[f + 1].position, v[f + 2].position);
    EXPECT_GT(face_volume, 0.0f) << "face " << f / 3 << " turns inwards";
    volume += face_volume;
    // Each face's corners carry the three unit barycentric vectors.
    EXPECT_EQ(v[f].barycentric + v[f + 1].barycentric + v[f + 2].barycentric, glm::vec3(1.0f));
    for (int k = 0; k < 3; ++k) {
      highest = std::max(highest, v[f + k].position.y);
      lowest = std::min(lowest, v[f + k].position.y);
    }
  }
  EXPECT_FLOAT_EQ(highest, 1.0f);  // the tail
  EXPECT_FLOAT_EQ(lowest, 0.0f);   // the head
  // Two square pyramids on a waist square with half-diagonal 1 (area 2), heights
  // kBoneWaist and 1 - kBoneWaist: volume (1/3) * 2 * 1.
  EXPECT_NEAR(volume, 2.0f / 3.0f, 1e-5f);
}

// --- Bone matrices --------------------------------------------------------------------

TEST(BoneMatrix, RunsFromHeadToTailWithTheWaistAtATenth) {
  const glm::vec3 head(1.0f, 2.0f, 3.0f);
  const glm::vec3 tail(1.0f, 2.0f, 3.0f + 4.0f);  // length 4 along +Z
  const glm::mat4 m = render::bone_matrix(head, tail, glm::vec3(1.0f, 0.0f, 0.0f));
  EXPECT_NEAR(glm::length(apply(m, glm::vec3(0.0f)) - head), 0.0f, 1e-5f);
  EXPECT_NEAR(glm::length(apply(m, glm::vec3(0.0f, 1.0f, 0.0f)) - tail), 0.0f, 1e-5f);
  // Every waist corner sits 0.4 along the bone and 0.4 off its axis.
  for (const glm::vec3& corner :
       {glm::vec3(1, render::kBoneWaist, 0), glm::vec3(-1, render::kBoneWaist, 0),
        glm::vec3(0, render::kBoneWaist, 1), glm::vec3(0, render::kBoneWaist, -1)}) {
    const glm::vec3 p = apply(m, corner) - head;
    EXPECT_NEAR(p.z, 0.4f, 1e-5f);
    EXPECT_NEAR(std::hypot(p.x, p.y), 0.4f, 1e-5f);
  }
  // Orientation preserved, so counter-clockwise faces stay counter-clockwise.
  EXPECT_GT(glm::determinant(glm::mat3(m)), 0.0f);
}

TEST(BoneMatrix, RollFollowsTheHintProjectedOffTheBone) {
  const glm::vec3 head(0.0f);
  const glm::vec3 tail(0.0f, 2.0f, 0.0f);
  const glm::vec3 hint(1.0f, 5.0f, 1.0f);  // mostly along the bone; its side part is (1, 0, 1)
  const glm::mat4 m = render::bone_matrix(head, tail, hint);
  const glm::vec3 waist_centre = apply(m, glm::vec3(0.0f, render::kBoneWaist, 0.0f));
  const glm::vec3 plus_x =
      glm::normalize(apply(m, glm::vec3(1.0f, render::kBoneWaist, 0.0f)) - waist_centre);
  EXPECT_NEAR(glm::dot(plus_x, glm::normalize(glm::vec3(1.0f, 0.0f, 1.0f))), 1.0f, 1e-5f);
}

TEST(BoneMatrix, DegenerateInputs) {
  // A hint parallel to the bone: some perpendicular roll, still a proper bone.
  const glm::mat4 parallel = render::bone_matrix(glm::vec3(0.0f), glm::vec3(3.0f, 0.0f, 0.0f),
                                                 glm::vec3(-2.0f, 0.0f, 0.0f));
  EXPECT_NEAR(glm::determinant(glm::mat3(parallel)), 3.0f * 0.3f * 0.3f, 1e-4f);
  // Zero length: nothing to draw.
  const glm::mat4 zero =
      render::bone_matrix(glm::vec3(1.0f), glm::vec3(1.0f), glm::vec3(1.0f, 0.0f, 0.0f));
  EXPECT_EQ(zero, glm::mat4(0.0f));
}

// --- Skeleton instances ----------------------------------------------------------------

// A root with a two-bone arm and a one-bone branch; build_skeleton adds a tip to each leaf.
ik::Skeleton make_skeleton(float unit) {
  ik::RawSkeleton raw;
  auto add = [&raw](const char* name, int parent, glm::vec3 t) {
    ik::RawJoint j;
    j.name = name;
    j.parent = parent;
    j.rest.translation = t;
    raw.joints.push_back(j);
  };
  add("root", -1, glm::vec3(0.0f));
  add("upper", 0, glm::vec3(0.0f, 1.0f, 0.0f) * unit);
  add("lower", 1, glm::vec3(0.8f, 0.0f, 0.0f) * unit);
  add("branch", 0, glm::vec3(0.0f, 0.0f, 0.5f) * unit);
  ik::Skeleton skeleton;
  std::string error;
  EXPECT_TRUE(ik::build_skeleton(raw, skeleton, error)) << error;
  return skeleton;
}

struct Built {
  std::vector<render::MeshInstance> bones;
  std::vector<render::MeshInstance> joints;
};

Built build_view(const ik::Skeleton& s, const std::vector<glm::mat4>& world, int selected, int hovered,
                 const render::HighlightSize& highlight = {}) {
  Built b;
  render::build_skeleton_instances(s, world, selected, hovered, render::SkeletonPalette{},
                                   highlight, b.bones, b.joints);
  return b;
}

// The index of the bone instance whose head is at `head` and tail at `tail`.
int bone_between(const Built& b, const glm::vec3& head, const glm::vec3& tail) {
  for (std::size_t i = 0; i < b.bones.size(); ++i) {
    const glm::mat4& m = b.bones[i].model;
    if (glm::length(apply(m, glm::vec3(0.0f)) - head) < 1e-5f &&
        glm::length(apply(m, glm::vec3(0.0f, 1.0f, 0.0f)) - tail) < 1e-5f)
      return static_cast<int>(i);
  }
  return -1;
}

TEST(SkeletonInstances, OneBonePerChildAndOneSpherePerJoint) {
  const ik::Skeleton s = make_skeleton(1.0f);
  ASSERT_EQ(s.joint_count(), 6);  // 4 joints + 2 added tips
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  const Built b = build_view(s, world, -1, -1);
  EXPECT_EQ(b.bones.size(), 5u);  // every joint but the root has a bone from its parent
  EXPECT_EQ(b.joints.size(), 6u);
  for (int j = 1; j < s.joint_count(); ++j) {
    const glm::vec3 head(world[s.parent[j]][3]);
    const glm::vec3 tail(world[j][3]);
    EXPECT_GE(bone_between(b, head, tail), 0) << "no bone into " << s.name[j];
  }
  for (int j = 0; j < s.joint_count(); ++j)
    EXPECT_NEAR(glm::length(glm::vec3(b.joints[j].model[3]) - glm::vec3(world[j][3])), 0.0f, 1e-6f);
}

TEST(SkeletonInstances, SelectionLightsTheJointAndItsBonesHoverIsWeaker) {
  const ik::Skeleton s = make_skeleton(1.0f);
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  const render::SkeletonPalette palette;
  const int root = ik::find_joint(s, "root");
  const int upper = ik::find_joint(s, "upper");
  const int lower = ik::find_joint(s, "lower");
  const int branch = ik::find_joint(s, "branch");
  const auto at = [&world](int j) { return glm::vec3(world[j][3]); };

  const Built plain = build_view(s, world, -1, -1);
  for (const auto& bone : plain.bones) EXPECT_EQ(bone.colour, palette.bone);

  const Built selected = build_view(s, world, root, upper);
  // The root's bones (to its children upper and branch) are selected, upper's bone hovered.
  EXPECT_EQ(selected.bones[bone_between(selected, at(root), at(upper))].colour,
            palette.bone_selected);
  EXPECT_EQ(selected.bones[bone_between(selected, at(root), at(branch))].colour,
            palette.bone_selected);
  EXPECT_EQ(selected.bones[bone_between(selected, at(upper), at(lower))].colour,
            palette.bone_hovered);
  EXPECT_EQ(selected.joints[root].colour, palette.joint_selected);
  EXPECT_EQ(selected.joints[upper].colour, palette.joint_hovered);
  EXPECT_EQ(selected.joints[lower].colour, palette.joint);

  // Selected and hovered at once: selected wins.
  const Built both = build_view(s, world, upper, upper);
  EXPECT_EQ(both.joints[upper].colour, palette.joint_selected);
  EXPECT_EQ(both.bones[bone_between(both, at(upper), at(lower))].colour, palette.bone_selected);
}

TEST(SkeletonInstances, AddedTipsAreSmallerAndDimmer) {
  const ik::Skeleton s = make_skeleton(1.0f);
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  const Built b = build_view(s, world, -1, -1);
  const render::SkeletonPalette palette;
  for (int j = 0; j < s.joint_count(); ++j) {
    if (!s.is_added_tip[j]) continue;
    const int leaf = s.parent[j];
    EXPECT_EQ(b.joints[j].colour, palette.added_tip);
    // The leaf and its tip share one adjacent bone (leaf -> tip), so the tip's sphere is
    // the leaf's scaled by 0.6.
    EXPECT_NEAR(b.joints[j].model[0][0], 0.6f * b.joints[leaf].model[0][0], 1e-6f);
  }
}

TEST(SkeletonInstances, ACentimetreRigLooksTheSameHundredTimesBigger) {
  const ik::Skeleton metres = make_skeleton(1.0f);
  const ik::Skeleton centimetres = make_skeleton(100.0f);
  std::vector<glm::mat4> world_m;
  std::vector<glm::mat4> world_cm;
  ik::fk_all(metres, ik::rest_pose(metres), world_m);
  ik::fk_all(centimetres, ik::rest_pose(centimetres), world_cm);
  const Built m = build_view(metres, world_m, -1, -1);
  const Built cm = build_view(centimetres, world_cm, -1, -1);
  ASSERT_EQ(m.joints.size(), cm.joints.size());
  ASSERT_EQ(m.bones.size(), cm.bones.size());
  for (std::size_t j = 0; j < m.joints.size(); ++j)
    EXPECT_NEAR(cm.joints[j].model[0][0] / m.joints[j].model[0][0], 100.0f, 1e-3f);
  for (std::size_t i = 0; i < m.bones.size(); ++i)
    for (int c = 0; c < 3; ++c)
      EXPECT_NEAR(glm::length(cm.bones[i].model[c]) / glm::length(m.bones[i].model[c]), 100.0f,
                  1e-3f);
}

TEST(SkeletonInstances, JointRadiusIsSeventyThousandthsOfTheLongestChildBone) {
  const ik::Skeleton s = make_skeleton(1.0f);
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  // With a skeleton size of 5 the clamps are [0.01, 0.1]: out of the way.
  EXPECT_NEAR(render::joint_radius(s, world, ik::find_joint(s, "root"), 5.0f), 0.07f * 1.0f, 1e-6f);
  EXPECT_NEAR(render::joint_radius(s, world, ik::find_joint(s, "upper"), 5.0f), 0.07f * 0.8f, 1e-6f);
  // A leaf (here: the branch, whose only child is its added tip at half its length).
  EXPECT_NEAR(render::joint_radius(s, world, ik::find_joint(s, "branch"), 5.0f), 0.07f * 0.25f, 1e-6f);
}

TEST(SkeletonInstances, JointRadiusFollowsTheBoneWithinClamps) {
  // A chain of 200 bones of 0.01: each joint's sphere stays narrower than the bone is long
  // apart (no string of beads), and 0.07 of the bone.
  ik::RawSkeleton raw;
  for (int i = 0; i < 200; ++i) {
    ik::RawJoint j;
    j.name = "seg" + std::to_string(i);
    j.parent = i - 1;
    j.rest.translation = i == 0 ? glm::vec3(0.0f) : glm::vec3(0.0f, 0.01f, 0.0f);
    raw.joints.push_back(j);
  }
  ik::Skeleton s;
  std::string error;
  ASSERT_TRUE(ik::build_skeleton(raw, s, error)) << error;
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  const float size = render::skeleton_size(world);
  EXPECT_NEAR(size, 199 * 0.01f + 0.005f, 1e-4f);  // plus the added tip, half a bone
  const float r = render::joint_radius(s, world, 50, size);
  EXPECT_LE(r, 0.12f * 0.01f + 1e-7f);
  EXPECT_GE(r, 0.07f * 0.01f - 1e-7f);
  // One huge bone among small ones: its sphere is capped at 0.02 of the skeleton's size.
  raw.joints[100].rest.translation = glm::vec3(0.0f, 50.0f, 0.0f);
  ASSERT_TRUE(ik::build_skeleton(raw, s, error)) << error;
  ik::fk_all(s, ik::rest_pose(s), world);
  const float big_size = render::skeleton_size(world);
  EXPECT_NEAR(render::joint_radius(s, world, 99, big_size), 0.02f * big_size, 1e-4f);
}

TEST(SkeletonInstances, HighlightedJointsHaveAMinimumSizeOnScreen) {
  const ik::Skeleton s = make_skeleton(1.0f);
  std::vector<glm::mat4> world;
  ik::fk_all(s, ik::rest_pose(s), world);
  const int lower = ik::find_joint(s, "lower");
  const int upper = ik::find_joint(s, "upper");
  const Built before = build_view(s, world, lower, -1);
  render::HighlightSize highlight;
  highlight.view = glm::mat4(1.0f);
  highlight.view[3] = glm::vec4(0.0f, 0.0f, -10.0f, 1.0f);  // everything 10 units in front
  highlight.radius_per_depth = 0.05f;                       // so at least 0.5 units
  const Built after = build_view(s, world, lower, -1, highlight);
  EXPECT_LT(before.joints[lower].model[0][0], 0.5f);
  EXPECT_NEAR(after.joints[lower].model[0][0], 0.5f, 0.05f);         // depth 10 +- the joint's z
  EXPECT_EQ(after.joints[upper].model, before.joints[upper].model);  // not highlighted
}

// --- Grid -------------------------------------------------------------------------------

TEST(GridSpacing, HumanoidAndCentimetreRig) {
  const render::GridSpacing humanoid = render::grid_spacing(2.0f);
  EXPECT_FLOAT_EQ(humanoid.minor, 0.1f);
  EXPECT_FLOAT_EQ(humanoid.major, 1.0f);
  EXPECT_FLOAT_EQ(humanoid.extent, 10.0f);
  const render::GridSpacing centimetres = render::grid_spacing(200.0f);
  EXPECT_NEAR(centimetres.minor, 10.0f, 1e-4f);
  EXPECT_NEAR(centimetres.major, 100.0f, 1e-3f);
  EXPECT_NEAR(centimetres.extent, 1000.0f, 1e-2f);
}

TEST(GridSpacing, TenToAHundredMinorCellsAcrossAnySize) {
  for (float size = 0.013f; size < 5e4f; size *= 1.7f) {
    const render::GridSpacing g = render::grid_spacing(size);
    const float cells = size / g.minor;
    EXPECT_GE(cells, 10.0f * (1.0f - 1e-5f)) << "size " << size;
    EXPECT_LT(cells, 100.0f * (1.0f + 1e-5f)) << "size " << size;
    EXPECT_FLOAT_EQ(g.major, 10.0f * g.minor);
    EXPECT_GE(g.extent, 5.0f * size * (1.0f - 1e-5f));
    const float majors = g.extent / g.major;
    EXPECT_NEAR(majors, std::round(majors), 1e-3f) << "size " << size;
  }
  for (float bad : {0.0f, -3.0f, NAN, INFINITY}) {
    const render::GridSpacing g = render::grid_spacing(bad);
    EXPECT_FLOAT_EQ(g.minor, 0.1f);
    EXPECT_FLOAT_EQ(g.extent, 5.0f);
  }
}

// --- Lines and points -----------------------------------------------------------------------

TEST(OverlayInstances, LineSegmentsPairPointsAndIgnoreAnOddLastOne) {
  const std::vector<glm::vec3> points = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}};
  const std::vector<glm::vec4> colours = {
      {1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}, {0, 1, 1, 1}};
  std::vector<render::LineInstance> out;
  ASSERT_TRUE(render::build_line_segments(points, colours, out));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].start, points[2]);
  EXPECT_EQ(out[1].end, points[3]);
  EXPECT_EQ(out[1].start_colour, colours[2]);
  EXPECT_EQ(out[1].end_colour, colours[3]);
  // One colour for all.
  ASSERT_TRUE(render::build_line_segments(points, {colours[4]}, out));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].start_colour, colours[4]);
  EXPECT_EQ(out[1].end_colour, colours[4]);
  // A colour count that fits neither rule draws nothing.
  EXPECT_FALSE(render::build_line_segments(points, {colours[0], colours[1]}, out));
  EXPECT_TRUE(out.empty());
}

TEST(OverlayInstances, PolylineJoinsConsecutivePoints) {
  const std::vector<glm::vec3> points = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}};
  const std::vector<glm::vec4> colours = {
      {0, 0, 0, 0.1f}, {0, 0, 0, 0.4f}, {0, 0, 0, 0.7f}, {0, 0, 0, 1.0f}};
  std::vector<render::LineInstance> out;
  ASSERT_TRUE(render::build_polyline_segments(points, colours, out));
  ASSERT_EQ(out.size(), 3u);
  for (std::size_t i = 0; i < out.size(); ++i) {
    EXPECT_EQ(out[i].start, points[i]);
    EXPECT_EQ(out[i].end, points[i + 1]);
    EXPECT_EQ(out[i].start_colour.a, colours[i].a);
    EXPECT_EQ(out[i].end_colour.a, colours[i + 1].a);
  }
  ASSERT_TRUE(render::build_polyline_segments({points[0]}, {colours[0]}, out));
  EXPECT_TRUE(out.empty());  // one point is no segment
}

TEST(OverlayInstances, PointsTakeTheirOwnOrTheSharedColour) {
  const std::vector<glm::vec3> centres = {{0, 1, 2}, {3, 4, 5}};
  std::vector<render::PointInstance> out;
  ASSERT_TRUE(render::build_points(centres, {glm::vec4(1, 0, 0, 1), glm::vec4(0, 1, 0, 1)}, out));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].centre, centres[1]);
  EXPECT_EQ(out[1].colour, glm::vec4(0, 1, 0, 1));
  ASSERT_TRUE(render::build_points(centres, {glm::vec4(0, 0, 1, 1)}, out));
  EXPECT_EQ(out[0].colour, glm::vec4(0, 0, 1, 1));
  EXPECT_FALSE(render::build_points(centres, {}, out));
  EXPECT_TRUE(out.empty());
}

// Screen-space culling of overlapping handles: the point drawn last (on top) wins; a point
// one radius or more away from every kept one stays; off-screen (non-finite) ones stay.
TEST(OverlayInstances, OverlappingPointsAreCulledTopmostKept) {
  const std::vector<glm::vec2> pixels = {{100, 100}, {103, 100},         {100, 104}, {130, 100},
                                         {136, 100}, {std::nanf(""), 0}, {101, 101}};
  std::vector<int> kept;
  render::cull_overlapping_points(pixels, 7.0f, kept);
  // 6 (101, 101) is on top of 0, 1 and 2; 4 (136, 100) is 6 px from 3 (130, 100), hides it.
  EXPECT_EQ(kept, (std::vector<int>{4, 5, 6}));
  render::cull_overlapping_points(pixels, 0.0f, kept);  // no radius: nothing culled
  EXPECT_EQ(kept.size(), pixels.size());
  std::vector<render::PointInstance> points(pixels.size());
  for (std::size_t i = 0; i < points.size(); ++i) points[i].centre = glm::vec3(static_cast<float>(i));
  render::keep_points({4, 5, 6}, points);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].centre.x, 4.0f);
  EXPECT_EQ(points[2].centre.x, 6.0f);
}

TEST(OverlayInstances, CullingAThousandHandlesOnAGridKeepsOnePerRadius) {
  // 40 x 40 handles 2 px apart (78 px square), radius 7: the kept ones are at least 7 px
  // apart (at most ~143, hexagonal packing) and every culled one is within 7 px of a kept
  // one (at least 6084 / (pi 49) ~ 40).
  std::vector<glm::vec2> pixels;
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < 40; ++x) pixels.emplace_back(2.0f * x, 2.0f * y);
  std::vector<int> kept;
  render::cull_overlapping_points(pixels, 7.0f, kept);
  EXPECT_GE(kept.size(), 30u);
  EXPECT_LE(kept.size(), 160u);
  for (std::size_t a = 0; a < kept.size(); ++a)
    for (std::size_t b = a + 1; b < kept.size(); ++b)
      EXPECT_GE(glm::length(pixels[static_cast<std::size_t>(kept[a])] - pixels[static_cast<std::size_t>(kept[b])]),
                7.0f);
}

// --- Embedded shaders -------------------------------------------------------------------

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(EmbeddedShaders, EveryFileInShadersIsEmbeddedByteForByte) {
  const std::filesystem::path folder = std::filesystem::path(IKSCOPE_SOURCE_DIR) / "shaders";
  std::set<std::string> on_disk;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    on_disk.insert(name);
    const char* embedded = render::embedded_shader(name.c_str());
    ASSERT_NE(embedded, nullptr) << name << " is in shaders/ but not in render/CMakeLists.txt";
    EXPECT_EQ(std::string(embedded), read_file(entry.path())) << name;
  }
  EXPECT_GE(on_disk.size(), 12u);
  ASSERT_EQ(render::embedded_shader_count(), static_cast<int>(on_disk.size()));
  for (int i = 0; i < render::embedded_shader_count(); ++i) {
    const std::string name = render::embedded_shader_name(i);
    EXPECT_EQ(on_disk.count(name), 1u) << name;
    // Stages start with the GLSL version; the shared library (inserted after it) must not.
    const bool has_version =
        std::string(render::embedded_shader(name.c_str())).rfind("#version 330 core\n", 0) == 0;
    EXPECT_EQ(has_version, name.size() > 5 && name.substr(name.size() - 5) != ".glsl") << name;
  }
  EXPECT_EQ(render::embedded_shader("no_such.vert"), nullptr);
  EXPECT_EQ(render::embedded_shader_name(render::embedded_shader_count()), nullptr);
}

}  // namespace
