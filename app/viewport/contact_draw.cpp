#include "app/viewport/contact_draw.h"

#include <cmath>
#include <vector>

namespace app {

void draw_contacts(render::Renderer& renderer, const Editor& editor) {
  const ContactsState& c = editor.document.contacts;
  const int clip = editor.timeline.clip;
  if (!editor.timeline.show_contacts || !editor.document.has_rig || clip < 0 ||
      clip >= static_cast<int>(c.clips.size()))
    return;
  const glm::vec4 amber(0.94f, 0.67f, 0.2f, 1.0f);  // contact_rows.cpp's kPlant
  constexpr int kSegments = 32;
  std::vector<glm::vec3> ring, drops;
  for (size_t i = 0; i < c.clips[static_cast<size_t>(clip)].size() && i < c.joints.size(); ++i) {
    const ik::FootContacts& foot = c.clips[static_cast<size_t>(clip)][i];
    if (ik::plant_at(foot, editor.timeline.time) < 0) continue;
    const size_t joint = static_cast<size_t>(foot.joint);
    if (joint >= editor.solve.world.size()) continue;
    const glm::vec3 at = ik::position_of(editor.solve.world[joint]);
    const glm::vec3 centre(at.x, ik::ground_height(editor.document.ground, at.x, at.z), at.z);
    const float radius = 0.05f * c.joints[i].leg_length;
    for (int k = 0; k < kSegments; ++k)
      for (int e = 0; e < 2; ++e) {
        const float a = 6.2831853f * static_cast<float>(k + e) / kSegments;
        ring.push_back(centre + radius * glm::vec3(std::cos(a), 0.0f, std::sin(a)));
      }
    drops.push_back(at);
    drops.push_back(centre);
  }
  if (!ring.empty()) renderer.draw_lines(ring, {amber}, 3.0f, true);
  if (!drops.empty()) renderer.draw_lines(drops, {glm::vec4(amber.r, amber.g, amber.b, 0.5f)}, 1.5f, true);
}

}  // namespace app
