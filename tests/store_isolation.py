"""A pytest plugin (pyproject's addopts: -p tests.store_isolation): the table store of
every test run lives in a folder of its own.

The apps keep their tables on the server (village_games.tables); without this, tests,
notebooks run by nbval and the Voila servers of the browser tests would write into the
user's data folder. Set before anything starts a kernel or a server, which inherit it.
"""

import atexit
import os
import shutil
import tempfile

from village_games.tables import DATA_ENV, STORE_ENV


def pytest_configure(config) -> None:
    os.environ[DATA_ENV] = tempfile.mkdtemp(prefix="vg-test-tables-")
    atexit.register(shutil.rmtree, os.environ[DATA_ENV], True)
    os.environ.pop(STORE_ENV, None)
