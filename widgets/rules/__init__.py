"""Executable provisions: pure Python (no ipywidgets), so the same rules run in CPython and in Pyodide.

Framework modules: ``facts`` (fact schemas and validation), ``result`` (the result builder and the kinds of
amount), ``provisions`` (references to the statute text), ``registry`` (provision ids), ``periods`` (calendar months),
``money`` (babel's currency formats), ``wording`` (how sums, quantities, counts and dates read in a step). Every other
module holds rules for one topic and registers them with ``RULES``.
"""
