// The session file's "contacts" section: the foot-contact settings and the plants the user
// edited on the timeline (solvers/anim/contacts.h). A clip whose plants were not edited is
// not written: detection gives them again from the settings.
//
//   "contacts": {
//     "settings": {"height": 0.05, "speed": 0.5,      x the leg's length; per second
//                  "min_plant": 0.1, "max_gap": 0.1},  seconds; each optional (defaults)
//     "clips": [                                       optional: the edited clips
//       {"clip": "Walk",                               the clip's name in the rig
//        "feet": [{"joint": {"index": 5, "name": "mixamorig:LeftFoot"},
//                  "plants": [[0.0, 0.4], [0.9, 1.3]]}]}]   seconds of clip time
//   }
//
// Reading checks each plant (two finite seconds within kMaxClipTime, start <= end, in order
// and apart from the one before), a joint once per clip and a clip once; a problem fails
// the session like any other ("s.json: contacts.clips[0].feet[1].plants[2]: ends before it
// starts"). Whether the clip exists and each plant lies inside it is the program's check
// when it applies the session to the open rig (the file knows no clip lengths).
#pragma once

#include <string>
#include <vector>

#include "io/json/json_read.h"
#include "solvers/anim/contacts.h"
#include "solvers/anim/skeleton.h"

namespace ik {

struct SessionClipContacts {
  std::string clip;                // the clip's name
  std::vector<FootContacts> feet;  // joints: indices into the rig's skeleton
};

struct SessionContacts {
  ContactSettings settings;
  std::vector<SessionClipContacts> clips;  // the edited clips only
};

Json contacts_json(const SessionContacts& contacts, const Skeleton& skeleton);
SessionContacts read_contacts(const JsonValue& section, const Skeleton& skeleton);

}  // namespace ik
