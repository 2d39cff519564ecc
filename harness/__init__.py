"""What the tests and the benchmarks both run, in one place that is neither.

Benchmarks used to reach into `tests/` (a sys.path entry for tests/browser, `tests.pg_server`),
so a tidy-up of the tests could break a benchmark nobody runs in CI, and a benchmark's
needs shaped test files. The pieces both need live here, one concept per module:

- `harness.postgres`: a throwaway PostgreSQL server (Debian's package), and a fresh
  schema per test or run;
- `harness.voila`: the project's own Voila launcher (`scripts/serve`) on a free loopback
  port, serving this checkout's code, stopped with every kernel it started;
- `harness.pages`: a Voila page opened and waited for on its own signals, patient on a
  loaded machine;
- `harness.chromium`: Debian's Chromium through Playwright, with pages that reach only
  the machine itself and that close as a tab does;
- `harness.light_client`: a student's page without a browser (the page, its static files,
  the kernel websocket in the v1 protocol, the widgets the page shows, clicks).

pytest fixtures stay in tests/ (conftest.py files); they are thin wrappers around these.
The package is not part of the distribution (pyproject's packages): it is scaffolding for
this repository, found on the path as the repository's root (pytest puts the root there;
each benchmark does for itself).
"""
