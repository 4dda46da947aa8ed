"""The README's section "The corpus in Python" runs as written, and says what it gives."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def section_code() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## The corpus in Python") :]
    section = section[: section.index("\n## ", 1)]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)


def test_the_readme_s_python_examples_run_and_print_what_their_comments_say(capsys):
    blocks = section_code()
    assert len(blocks) == 2
    names: dict = {}
    exec(blocks[0], names)  # the README's own example
    assert names["provision"].eid == "part_IV__chp_11__sec_161__subsec_1__para_a__subpara_ii"
    assert names["collection"]["@context"] == "http://www.w3.org/ns/anno.jsonld"
    exec(blocks[1], {})
    lines = capsys.readouterr().out.splitlines()
    assert "s. 161 Wages on termination of service by wreck, illness, etc." in lines
    assert len(lines) == 611  # the Ordinance's sections (1–610 and 79A)
