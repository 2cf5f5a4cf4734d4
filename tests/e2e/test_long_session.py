"""The long session (long_session.py): 60 seconds of random real input (goal drags, clicks,
orbit, pan, zoom, keys, good and broken files), then exit status 0, the state written, the
last goal drag still working, resident memory at the end < 5% above second 20, the last
third's median frame time at most twice the first third's. Under ASan only crashes and
sanitizer reports are judged. SEED=K in the environment: another random sequence."""
import os

import pytest

from long_session import check_long_session


# Its frame-time rule compares the start of the run with its end: another case that times
# what it does must not run beside it (ctest's RESOURCE_LOCK; CMakeLists.txt).
@pytest.mark.ctest(timeout=300, cost=1000, resource_lock="timing")
def test_long_session_60s(case):
    check_long_session(case, seconds=60, reference=20, seed=int(os.environ.get("SEED", 1)))
