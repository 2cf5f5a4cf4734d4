#include "app/viewport/balance_draw.h"

#include "app/editor/full_body_mode.h"
#include "solvers/ik/full_body/full_body.h"

namespace app {

void draw_balance(render::Renderer& renderer, const Editor& editor) {
  const int fb = full_body_chain_index(editor);
  const ik::FullBodyScratch& solve = ik::full_body_scratch(editor.solve.workspace);
  if (fb < 0 || !solve.balance_active) return;
  // The support's height: the pinned effectors' goals (where the feet stand).
  float floor = 0.0f;
  int pins = 0;
  for (const EffectorState& e : full_body_effectors(editor, fb))
    if (e.pinned) {
      floor += e.goal.y;
      ++pins;
    }
  if (pins == 0) return;
  floor /= static_cast<float>(pins);
  const glm::vec3 centre = solve.centre_of_mass;
  const glm::vec3 foot(centre.x, floor, centre.z);
  const glm::vec3 target(solve.balance_target.x, floor, solve.balance_target.z);
  // Green within the balance's settling distance, orange beyond.
  const bool settled = solve.balance_error <= ik::kBalanceTolerance * full_body_tolerance(editor, fb);
  const glm::vec4 colour = settled ? glm::vec4(0.35f, 0.85f, 0.45f, 1.0f) : glm::vec4(1.0f, 0.62f, 0.15f, 1.0f);
  const float arm = 0.02f * scene_size(editor);
  renderer.draw_lines({centre, foot}, {glm::vec4(colour.r, colour.g, colour.b, 0.6f)}, 1.5f, true);
  renderer.draw_lines({target - glm::vec3(arm, 0, 0), target + glm::vec3(arm, 0, 0), target - glm::vec3(0, 0, arm),
                       target + glm::vec3(0, 0, arm)},
                      {glm::vec4(0.95f, 0.95f, 0.95f, 0.9f)}, 2.0f, true);
  renderer.draw_points({centre, foot}, {colour, colour}, 6.0f, true);
}

}  // namespace app
