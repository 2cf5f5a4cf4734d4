// The session file's "full_body" section: the full-body settings (io/session/full_body_settings.h),
// every one written, each under its key:
//
//   "full_body": {
//     "role_stiffness": {"none": 1, "hips": 3, "spine": 4, ..., "twist": 1},
//                                        per role name (solvers/rig/rig_roles.h), 0.1..100
//     "hips_translation_stiffness": 4,   0.1..100
//     "balance": true,
//     "heels_rise": true
//   }
//
// Optional: a session older than it gets the defaults. A section of its own, like
// "joint_limits", so a bad value never costs the rest of the session: a key that is absent
// keeps its default; a value of the wrong type or out of range keeps its default with one
// warning naming the key, in the words of io/json/json_read.h ("full_body.role_stiffness.hand:
// must be from 0.1 to 100, not 1000; the default 1 is kept"); unknown keys and role names are
// ignored with a warning. The program puts the session file's name in front of the warnings
// it shows.
#pragma once

#include "io/json/json_read.h"
#include "io/session/full_body_settings.h"

namespace ik {

Json full_body_settings_json(const FullBodySettings& settings);

// Never fails: problems become warnings (to `section`'s reader) and the setting keeps its
// default.
FullBodySettings read_full_body_settings(const JsonValue& section);

}  // namespace ik
