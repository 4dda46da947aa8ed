"""Test-wide settings: property tests are derandomised (the same examples on every run, so CI cannot flake) and
have no per-example deadline (the 2-core CI machine is shared)."""

from hypothesis import settings

settings.register_profile("lex-maritima", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("lex-maritima")
