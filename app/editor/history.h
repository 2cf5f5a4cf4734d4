// Undo / redo of edits to the chains (goal moves, solver and parameter changes, chains
// added or removed), to the joint limits (the joint panel, the default-limits toggle), to
// full-body mode's state beside the chains (its stiffness settings, the chains entering
// it disabled), to the foot contacts (the timeline's plants and their settings), the ground
// and the imported clips' retarget options (the Mapping window's edits).
// Snapshots of the whole chain list, limits and full-body state: small, simple, and
// impossible to get out of step with the state.
#pragma once

#include <cstdint>
#include <vector>

#include "app/editor/foot_contacts.h"
#include "app/editor/full_body_state.h"
#include "solvers/anim/ground.h"
#include "solvers/anim/skeleton.h"
#include "solvers/ik/chain.h"
#include "solvers/rig/retarget.h"

namespace app {

// True if the two chain lists are equal field by field (what an edit can change).
bool same_chains(const std::vector<ik::Chain>& a, const std::vector<ik::Chain>& b);

// The joint limits (one per joint, Skeleton::limits) and which joints the user edited
// (edited[j] = 1) rather than the file or the role defaults. Empty = not known (a history
// reset with chains only knows no limits until the first limits edit).
struct LimitsState {
  std::vector<ik::JointLimits> limits;
  std::vector<std::uint8_t> edited;
};
bool same_limits(const LimitsState& a, const LimitsState& b);

class History {
 public:
  // Forgets everything; `current` and `full_body` are the state edits start from (a new
  // rig, a loaded session). The limits are not known until the first commit_limits.
  void reset(const std::vector<ik::Chain>& current, const FullBodyState& full_body = {});
  // Call after an edit is complete (mouse released, slider let go): remembers the state
  // before it. Does nothing if `current` equals the last committed state. The limits and
  // the full-body state stay as last committed.
  void commit(const std::vector<ik::Chain>& current);
  // The same for an edit that (also) changed the full-body state (a stiffness slider let go,
  // entering or leaving the mode, a chain removed).
  void commit(const std::vector<ik::Chain>& current, const FullBodyState& full_body);
  // The same for a limits edit: `before` is the limits state before it, the undo point
  // when the history knows no limits yet; `after` the state now. One undo step.
  void commit_limits(const std::vector<ik::Chain>& current, const LimitsState& before, const LimitsState& after);
  // The same for a foot-contacts edit (a plant moved, added or removed; the settings).
  void commit_contacts(const std::vector<ik::Chain>& current, const ContactsState& before, const ContactsState& after);
  // The same for a change of the ground Clean up stands on (its kind, its number, a mesh read).
  void commit_ground(const std::vector<ik::Chain>& current, const ik::Ground& before, const ik::Ground& after);
  // The same for a change of an imported clip's retarget options (one per import).
  void commit_motions(const std::vector<ik::Chain>& current, const std::vector<ik::RetargetOptions>& before,
                      const std::vector<ik::RetargetOptions>& after);
  // Replaces `current` with the state before the last edit / after the last undo,
  // `limits` (if given) with that state's limits when it knows them and they are for as
  // many joints (otherwise `limits` is left alone: no limits edit happened since), and
  // `full_body` (if given) with that state's full-body state, and `contacts`, `ground` and
  // `motions` (if given) with that state's when it knows them (as the limits; the motions
  // when there are as many imports).
  bool undo(std::vector<ik::Chain>& current, LimitsState* limits = nullptr, FullBodyState* full_body = nullptr,
            ContactsState* contacts = nullptr, ik::Ground* ground = nullptr,
            std::vector<ik::RetargetOptions>* motions = nullptr);
  bool redo(std::vector<ik::Chain>& current, LimitsState* limits = nullptr, FullBodyState* full_body = nullptr,
            ContactsState* contacts = nullptr, ik::Ground* ground = nullptr,
            std::vector<ik::RetargetOptions>* motions = nullptr);

  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

  // One state of the history: the chains, the limits (empty limits: not known), the
  // full-body state and the contacts (known once a contacts edit was committed).
  struct Snapshot {
    std::vector<ik::Chain> chains;
    LimitsState limits;
    FullBodyState full_body;
    ContactsState contacts;
    bool contacts_known = false;
    ik::Ground ground;  // known once a ground change was committed
    bool ground_known = false;
    std::vector<ik::RetargetOptions> motions;  // known once a retarget option was changed
    bool motions_known = false;
  };

 private:
  std::vector<Snapshot> undo_;
  std::vector<Snapshot> redo_;
  Snapshot committed_;
};

}  // namespace app
