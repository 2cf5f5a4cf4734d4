"""pytest fixtures of the end-to-end tests (driver.py has the driver)."""
import pytest

import driver


@pytest.fixture
def case(request):
    """The test's Case: its folder OUT/NAME (NAME: the test's name without "test_", as in
    its ctest entry e2e_NAME), X server and programs, all ended after the test."""
    c = driver.Case(request.node.name.removeprefix("test_"))
    yield c
    c.close()
