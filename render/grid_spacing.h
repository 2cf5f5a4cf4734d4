// How the floor grid is sized for a rig: line spacing and extent from the scene size.
#pragma once

namespace render {

// Model units. Minor lines every `minor`, major lines every `major` = 10 * minor, the
// grid reaching `extent` from the origin in X and Z (fading out towards it).
struct GridSpacing {
  float minor = 0.1f;
  float major = 1.0f;
  float extent = 10.0f;
};

// Minor spacing is the power of ten that puts ten to a hundred minor cells across the
// rig (0.1 for a 2-unit humanoid, 10 for a 200-unit centimetre rig); the extent is five
// times the scene size, rounded up to whole major cells. A non-positive or non-finite
// size counts as 1.
GridSpacing grid_spacing(float scene_size);

}  // namespace render
