// Undo / redo of edits to the chains (goal moves, solver and parameter changes, chains
// added or removed). Snapshots of the whole chain list: small (a few chains), simple,
// and impossible to get out of step with the state.
#pragma once

#include <vector>

#include "solvers/chain.h"

namespace app {

// True if the two chain lists are equal field by field (what an edit can change).
bool same_chains(const std::vector<ik::Chain>& a, const std::vector<ik::Chain>& b);

class History {
 public:
  // Forgets everything; `current` is the state edits start from (a new rig, a loaded session).
  void reset(const std::vector<ik::Chain>& current);
  // Call after an edit is complete (mouse released, slider let go): remembers the state
  // before it. Does nothing if `current` equals the last committed state.
  void commit(const std::vector<ik::Chain>& current);
  // Replaces `current` with the state before the last edit / after the last undo.
  bool undo(std::vector<ik::Chain>& current);
  bool redo(std::vector<ik::Chain>& current);

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

 private:
  std::vector<std::vector<ik::Chain>> undo_;
  std::vector<std::vector<ik::Chain>> redo_;
  std::vector<ik::Chain> committed_;
};

}  // namespace app
