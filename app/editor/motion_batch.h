// --analyse PATH_OR_CLIP --report FILE.md: the motion analysis (solvers/scene/motion_analysis.h)
// run without a window, for scripts and CI, then the program exits.
//
// The file on the command line is a session (.json: its rig, chains and recorded goal
// paths) or a rig (.gltf/.glb: the chains the program would suggest, DLS); none: the
// built-in humanoid. PATH_OR_CLIP names a goal path of the session or a clip of the rig
// (a goal path wins when both have the name). The chain: --chain NAME (a chain's name as
// the Chains panel shows it, or its effector joint's name), else the chain the goal path
// was recorded on, else the first enabled limb chain (one with a forearm or a shin, by the
// rig's roles), else the first enabled chain. Every solver that accepts the chain runs,
// warm started, at 60 frames per second (a goal path) or 30 (a clip); the report is the
// Markdown summary table, the per-frame series the CSV beside it and their plots the PNG
// beside it (io/report/motion_report.h, io/report/motion_plot_png.h).
#pragma once

#include <string>
#include <vector>

#include "io/gltf/gltf_import.h"
#include "solvers/ik/chain.h"

namespace app {

struct Options;

// The chain an analysis runs on, as above: `name` (a chain's name or its effector joint's;
// -1 if no chain has it), else `recorded_on` when >= 0, else the first enabled limb chain,
// else the first enabled chain (-1 if none). Also the Motion panel's choice without a
// selected chain.
int pick_motion_chain(const ik::ImportedRig& rig, const std::vector<ik::Chain>& chains, const std::string& name,
                      int recorded_on);

// Runs the analysis the options ask for. Returns the process exit code: 0 on success (a
// line naming the report on stdout), 1 with a one-line message in `error` otherwise.
int run_motion_batch(const Options& options, const std::string& default_rig, std::string& error);

}  // namespace app
