// The soak's checks checked: for every solver, a clean solve is spoiled in each way a
// check exists for (a NaN, a moved translation, a joint outside the chain turned, an
// infinite error, a changed pose on invalid input, a rotation not of unit length, a limit
// exceeded, a scale out of range...), and each spoiled solve must be caught by its check.
#pragma once

namespace soak {

// Prints one line per solver; true if every check caught its fault.
bool self_test();

}  // namespace soak
