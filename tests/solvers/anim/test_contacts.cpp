// Foot contacts (solvers/anim/contacts.h): plants found at the exact frames on generated walks
// whose plants are known, the same in centimetres, none in the flight of a hop, a dip in
// speed mid-stance joined and a slow low swing dropped; the interval edits and the
// problems a file's list can have.
#include <gtest/gtest.h>

#include <cmath>

#include "solvers/anim/clip_playback.h"
#include "solvers/anim/contacts.h"

namespace {

constexpr float kRate = 30.0f;
constexpr float kLeg = 0.9f;  // shin + thigh of the walker below

// A walker in metres (`scale` 100: in centimetres under a 0.01 root, as Mixamo comes in):
// hips with two legs (thigh, shin, foot), rest rotations identity. The clip keys the hips'
// translation and each foot's translation below its shin, so the feet's model positions are
// whatever the walk wants, exactly.
struct Walker {
  ik::Skeleton skeleton;
  int feet[2] = {-1, -1};
};

Walker make_walker(float scale) {
  ik::RawSkeleton raw;
  auto add = [&](const char* name, int parent, glm::vec3 offset) {
    ik::RawJoint j;
    j.name = name;
    j.parent = parent;
    j.rest.translation = offset * scale;
    raw.joints.push_back(j);
    return static_cast<int>(raw.joints.size()) - 1;
  };
  const int root = add("root", -1, glm::vec3(0.0f));
  raw.joints[0].rest.scale = glm::vec3(1.0f / scale);
  const int hips = add("hips", root, {0.0f, 0.95f, 0.0f});
  const char* names[2][3] = {{"thigh_l", "shin_l", "foot_l"}, {"thigh_r", "shin_r", "foot_r"}};
  for (int s = 0; s < 2; ++s) {
    const int thigh = add(names[s][0], hips, {s == 0 ? 0.1f : -0.1f, 0.0f, 0.0f});
    const int shin = add(names[s][1], thigh, {0.0f, -0.45f, 0.0f});
    add(names[s][2], shin, {0.0f, -0.45f, 0.0f});
  }
  Walker w;
  std::string error;
  EXPECT_TRUE(ik::build_skeleton(raw, w.skeleton, error)) << error;
  for (int s = 0; s < 2; ++s)
    for (int j = 0; j < w.skeleton.joint_count(); ++j)
      if (w.skeleton.name[static_cast<size_t>(j)] == names[s][2]) w.feet[s] = j;
  return w;
}

ik::ClipChannel translation_channel(int joint) {
  ik::ClipChannel c;
  c.joint = joint;
  c.property = ik::ClipProperty::translation;
  c.interpolation = ik::Interpolation::linear;
  return c;
}

// `cycles` walk cycles of 30 frames: the hips move forward (+Z) at `speed` m/s; each foot
// stands still for frames [0, stance) of its cycle (the right foot half a cycle later) and
// swings for the rest, forward at constant speed and lifted by `lift` m at mid-swing.
// Heights above the ground: 0.05 m (the ankle). `planted[s]` gets the stance frames.
ik::Clip make_walk(const Walker& w, float scale, int cycles, int stance, float speed, float lift,
                   std::vector<std::vector<int>>* planted = nullptr) {
  const int cycle = 30, frames = cycles * cycle + 1;
  const float step = speed * static_cast<float>(cycle) / kRate;  // body travel per cycle
  ik::Clip clip;
  clip.name = "walk";
  ik::ClipChannel hips = translation_channel(1);
  ik::ClipChannel foot[2] = {translation_channel(w.feet[0]), translation_channel(w.feet[1])};
  if (planted) planted->assign(2, {});
  for (int f = 0; f < frames; ++f) {
    const float t = static_cast<float>(f) / kRate;
    const glm::vec3 hips_at(0.0f, 1.0f, speed * t);  // the hips 5 cm above their rest: room for the ankle
    hips.times.push_back(t);
    hips.values.emplace_back(hips_at * scale, 0.0f);
    for (int s = 0; s < 2; ++s) {
      const int shifted = f - s * cycle / 2;
      const int phase = ((shifted % cycle) + cycle) % cycle;
      const int which = (shifted - phase) / cycle;  // this foot's cycle number (negative before it starts)
      // Planted at z = which * step + its stance start's body position; the swing carries it
      // one step forward.
      const float plant_z = static_cast<float>(which) * step + speed * static_cast<float>(s * cycle / 2) / kRate +
                            speed * 0.5f * static_cast<float>(stance) / kRate;
      glm::vec3 at(s == 0 ? 0.1f : -0.1f, 0.05f, plant_z);
      if (phase < stance) {
        if (planted && f >= 0) (*planted)[static_cast<size_t>(s)].push_back(f);
      } else {
        const float u = static_cast<float>(phase - stance + 1) / static_cast<float>(cycle - stance + 1);
        at.z += u * step;
        at.y += lift * std::sin(3.14159265f * u);
      }
      // The foot's translation below its shin: model position minus the hips, the hip offset
      // and the shin (rest rotations identity all the way down).
      const glm::vec3 local = at - hips_at - glm::vec3(s == 0 ? 0.1f : -0.1f, -0.45f, 0.0f);
      foot[s].times.push_back(t);
      foot[s].values.emplace_back(local * scale, 0.0f);
    }
  }
  clip.channels = {hips, foot[0], foot[1]};
  ik::set_time_range(clip);
  // A stance cut to fewer than 4 frames by the clip's start or end is shorter than the
  // 0.1 s a plant needs (3 frames span 0.067 s): not a plant.
  if (planted)
    for (std::vector<int>& runs : *planted) {
      std::vector<int> kept;
      for (size_t a = 0; a < runs.size();) {
        size_t b = a;
        while (b + 1 < runs.size() && runs[b + 1] == runs[b] + 1) ++b;
        if (b - a + 1 >= 4)
          kept.insert(kept.end(), runs.begin() + static_cast<long>(a), runs.begin() + static_cast<long>(b) + 1);
        a = b + 1;
      }
      runs = kept;
    }
  return clip;
}

// The frames a foot's plants cover.
std::vector<int> frames_of(const ik::FootContacts& foot) {
  std::vector<int> out;
  for (const ik::ContactInterval& p : foot.plants)
    for (int f = ik::frame_at(p.start, 0.0f, kRate); f <= ik::frame_at(p.end, 0.0f, kRate); ++f) out.push_back(f);
  return out;
}

std::vector<ik::ContactJoint> feet_of(const Walker& w) { return {{w.feet[0], kLeg}, {w.feet[1], kLeg}}; }

TEST(Contacts, WalkPlantsAtTheExactFrames) {
  for (float scale : {1.0f, 100.0f}) {  // metres, and centimetres under a 0.01 root
    const Walker w = make_walker(scale);
    std::vector<std::vector<int>> planted;
    const ik::Clip clip = make_walk(w, scale, 3, 18, 1.2f, 0.08f, &planted);
    const std::vector<ik::FootContacts> found = ik::detect_contacts(w.skeleton, clip, kRate, feet_of(w), {});
    ASSERT_EQ(found.size(), 2u);
    for (int s = 0; s < 2; ++s) {
      EXPECT_EQ(found[static_cast<size_t>(s)].joint, w.feet[s]);
      EXPECT_EQ(frames_of(found[static_cast<size_t>(s)]), planted[static_cast<size_t>(s)])
          << "foot " << s << ", scale " << scale;
      EXPECT_EQ(ik::contacts_problem(found[static_cast<size_t>(s)], clip.start, clip.end), "");
    }
    // Three plants of the left foot (frames 0-17, 30-47, 60-77): its stance begun at the
    // last frame (90) is a single frame, shorter than the 0.1 s a plant needs.
    ASSERT_EQ(found[0].plants.size(), 3u);
    EXPECT_NEAR(found[0].plants[1].start, 1.0f, 1e-5f);
    EXPECT_NEAR(found[0].plants[1].end, 47.0f / kRate, 1e-5f);
  }
}

TEST(Contacts, AHopHasNoPlantInTheAir) {
  // Both feet stand for 10 frames, jump 30 cm for 10, land and stand again: the flight's
  // frames are high and fast, the landing planted again.
  const Walker w = make_walker(1.0f);
  ik::Clip clip;
  ik::ClipChannel hips = translation_channel(1);
  for (int f = 0; f <= 30; ++f) {
    const float t = static_cast<float>(f) / kRate;
    const float air = f > 10 && f < 20 ? 0.3f * std::sin(3.14159265f * static_cast<float>(f - 10) / 10.0f) : 0.0f;
    const float z = f <= 10 ? 0.0f : (f >= 20 ? 0.5f : 0.05f * static_cast<float>(f - 10));
    hips.times.push_back(t);
    hips.values.emplace_back(0.0f, 0.95f + air, z, 0.0f);
  }
  clip.channels = {hips};
  ik::set_time_range(clip);
  const std::vector<ik::FootContacts> found = ik::detect_contacts(w.skeleton, clip, kRate, feet_of(w), {});
  for (const ik::FootContacts& foot : found) {
    ASSERT_EQ(foot.plants.size(), 2u);
    EXPECT_NEAR(foot.plants[0].end, 10.0f / kRate, 1e-5f);
    EXPECT_NEAR(foot.plants[1].start, 20.0f / kRate, 1e-5f);
  }
}

TEST(Contacts, ThresholdsScaleWithTheLegAndCanBeTuned) {
  const Walker w = make_walker(1.0f);
  const ik::Clip clip = make_walk(w, 1.0f, 2, 18, 1.2f, 0.08f);
  // A lift of 8 cm is 9 % of the leg: with a height threshold of 10 % every swing frame
  // is low, but the swing is fast (2.8 m/s against 0.45): the plants are the same.
  ik::ContactSettings loose;
  loose.height = 0.1f;
  EXPECT_TRUE(ik::same_contacts(ik::detect_contacts(w.skeleton, clip, kRate, feet_of(w), loose),
                                ik::detect_contacts(w.skeleton, clip, kRate, feet_of(w), {})));
  // A speed threshold above the swing's speed and a height above the lift: one plant for
  // the whole clip, per foot.
  loose.speed = 10.0f;
  for (const ik::FootContacts& foot : ik::detect_contacts(w.skeleton, clip, kRate, feet_of(w), loose))
    EXPECT_EQ(foot.plants.size(), 1u);
  // The same clip read as legs of 20 m: every threshold as wide (1 m high, 6 m/s), so the
  // swing (2.8 m/s, 8 cm up) is slow and low too.
  std::vector<ik::ContactJoint> long_legs = feet_of(w);
  for (ik::ContactJoint& c : long_legs) c.leg_length = 20.0f;
  for (const ik::FootContacts& foot : ik::detect_contacts(w.skeleton, clip, kRate, long_legs, {}))
    EXPECT_EQ(foot.plants.size(), 1u);
}

TEST(Contacts, ShortGapsJoinAndShortPlantsDrop) {
  const Walker w = make_walker(1.0f);
  ik::Clip clip;
  ik::ClipChannel hips = translation_channel(1);
  // The hips (and both feet with them) still for frames 0-9, a one-frame jolt of 5 cm at
  // frame 10, still again for 11-20, then sliding fast to 30 but for a pause (frames 25-27
  // at one place).
  float z = 0.0f;
  for (int f = 0; f <= 30; ++f) {
    if (f == 10) z += 0.05f;
    if (f == 11) z -= 0.05f;
    if (f > 20 && f != 26 && f != 27) z += 0.1f;
    hips.times.push_back(static_cast<float>(f) / kRate);
    hips.values.emplace_back(0.0f, 0.95f, z, 0.0f);
  }
  clip.channels = {hips};
  ik::set_time_range(clip);
  const std::vector<ik::FootContacts> found = ik::detect_contacts(w.skeleton, clip, kRate, feet_of(w), {});
  // Frames 9 and 11 are planted (the still side), frame 10 is not: a gap of one frame,
  // joined. Frames 25-27 are planted but span 0.067 s: dropped.
  ASSERT_EQ(found[0].plants.size(), 1u);
  EXPECT_NEAR(found[0].plants[0].start, 0.0f, 1e-6f);
  EXPECT_NEAR(found[0].plants[0].end, 20.0f / kRate, 1e-5f);
}

TEST(Contacts, DegenerateInput) {
  const Walker w = make_walker(1.0f);
  ik::Clip one_frame;
  ik::ClipChannel hips = translation_channel(1);
  hips.times = {0.0f};
  hips.values = {glm::vec4(0.0f, 0.95f, 0.0f, 0.0f)};
  one_frame.channels = {hips};
  ik::set_time_range(one_frame);
  for (const ik::FootContacts& foot : ik::detect_contacts(w.skeleton, one_frame, kRate, feet_of(w), {}))
    EXPECT_TRUE(foot.plants.empty());
  // A joint the rig does not have gets no plants; a rate that is not finite falls back.
  const ik::Clip walk = make_walk(w, 1.0f, 1, 18, 1.2f, 0.08f);
  const std::vector<ik::FootContacts> found =
      ik::detect_contacts(w.skeleton, walk, NAN, {{99, kLeg}, {w.feet[0], kLeg}}, {});
  ASSERT_EQ(found.size(), 2u);
  EXPECT_TRUE(found[0].plants.empty());
  EXPECT_FALSE(found[1].plants.empty());
  EXPECT_TRUE(ik::detect_contacts(w.skeleton, walk, kRate, {}, {}).empty());
}

TEST(Contacts, EditsKeepThePlantsSortedAndApart) {
  ik::FootContacts foot;
  foot.plants = {{0.0f, 0.5f}, {1.0f, 1.5f}};
  // An end dragged into the next plant stops short of it; a start past its end stops there.
  EXPECT_TRUE(ik::move_plant_edge(foot, 0, true, 1.2f, 0.0f, 2.0f));
  EXPECT_LT(foot.plants[0].end, foot.plants[1].start);
  EXPECT_NEAR(foot.plants[0].end, 1.0f, 2e-3f);
  EXPECT_TRUE(ik::move_plant_edge(foot, 1, false, 1.9f, 0.0f, 2.0f));
  EXPECT_EQ(foot.plants[1].start, 1.5f);
  EXPECT_FALSE(ik::move_plant_edge(foot, 1, false, 1.9f, 0.0f, 2.0f));  // nothing changed
  EXPECT_TRUE(ik::move_plant_edge(foot, 1, true, 9.0f, 0.0f, 2.0f));    // the clip's end
  EXPECT_EQ(foot.plants[1].end, 2.0f);
  EXPECT_FALSE(ik::move_plant_edge(foot, 5, true, 1.0f, 0.0f, 2.0f));
  EXPECT_EQ(ik::contacts_problem(foot, 0.0f, 2.0f), "");

  // Added in the gap, cut back to the gap; on a plant, or outside the clip: nothing.
  foot.plants = {{0.0f, 0.5f}, {1.0f, 1.5f}};
  EXPECT_EQ(ik::add_plant(foot, 0.75f, 1.0f, 0.0f, 2.0f), 1);
  ASSERT_EQ(foot.plants.size(), 3u);
  EXPECT_GT(foot.plants[1].start, 0.5f);
  EXPECT_LT(foot.plants[1].end, 1.0f);
  EXPECT_EQ(ik::add_plant(foot, 0.25f, 0.2f, 0.0f, 2.0f), -1);
  EXPECT_EQ(ik::add_plant(foot, 3.0f, 0.2f, 0.0f, 2.0f), -1);
  EXPECT_EQ(ik::add_plant(foot, 1.8f, 0.2f, 0.0f, 2.0f), 3);
  EXPECT_EQ(ik::contacts_problem(foot, 0.0f, 2.0f), "");
  EXPECT_EQ(ik::plant_at(foot, 1.25f), 2);
  EXPECT_EQ(ik::plant_at(foot, 1.6f), -1);
  EXPECT_TRUE(ik::remove_plant(foot, 1));
  EXPECT_FALSE(ik::remove_plant(foot, 7));
  EXPECT_EQ(foot.plants.size(), 3u);
}

TEST(Contacts, ProblemsOfAListReadFromAFile) {
  ik::FootContacts foot;
  foot.plants = {{0.5f, 0.2f}};
  EXPECT_EQ(ik::contacts_problem(foot, 0.0f, 1.0f), "plant 1 ends before it starts");
  foot.plants = {{0.0f, 0.5f}, {0.4f, 0.8f}};
  EXPECT_EQ(ik::contacts_problem(foot, 0.0f, 1.0f), "plant 2 overlaps the one before or is out of order");
  foot.plants = {{0.6f, 0.8f}, {0.0f, 0.2f}};
  EXPECT_EQ(ik::contacts_problem(foot, 0.0f, 1.0f), "plant 2 overlaps the one before or is out of order");
  foot.plants = {{0.0f, 1.5f}};
  EXPECT_EQ(ik::contacts_problem(foot, 0.0f, 1.0f), "plant 1 lies outside the clip");
  foot.plants = {{NAN, 0.5f}};
  EXPECT_EQ(ik::contacts_problem(foot, 0.0f, 1.0f), "plant 1 is not a finite time");
}

}  // namespace
