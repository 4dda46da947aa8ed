"""Writing a pure-Python wheel (``py3-none-any``) from files in memory, for the wheels only the browser gets.

The lite site's Pyodide installs wheels from its own folder; three of them are made here rather than downloaded
(see ``pyyaml_pure.py``, ``babel_slim.py`` and ``build.py``): :func:`installed_wheel` repacks the pure-Python files
of a distribution installed in the build's own environment (so nothing is downloaded or compiled for it), and
:func:`write_wheel` writes any set of files. Output is deterministic: sorted names, fixed timestamps, a RECORD with
each file's sha256.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path

EPOCH = (1980, 1, 1, 0, 0, 0)
COMPILED = (".so", ".pyd", ".dylib", ".dll", ".pyc", ".c", ".h", ".pyx", ".pxd")
"""What :func:`installed_wheel` never packs: native code (CPython's, not Pyodide's), byte code and its sources."""


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(
    out_dir: Path, name: str, version: str, files: Mapping[str, bytes], requires: tuple[str, ...] = ()
) -> Path:
    """Write ``<name>-<version>-py3-none-any.whl`` holding ``files`` (archive path → bytes) into ``out_dir``."""
    stem = f"{name.replace('-', '_')}-{version}"
    dist_info = f"{stem}.dist-info"
    metadata = [f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"]
    metadata += [f"Requires-Dist: {req}\n" for req in requires]
    tops = sorted({path.split("/")[0] for path in files})
    entries = {
        **files,
        f"{dist_info}/METADATA": "".join(metadata).encode(),
        f"{dist_info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: lex-maritima lite\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n",
        f"{dist_info}/top_level.txt": "".join(f"{top}\n" for top in tops).encode(),
    }
    record = [f"{path},sha256={_digest(data)},{len(data)}" for path, data in sorted(entries.items())]
    record.append(f"{dist_info}/RECORD,,")
    entries[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(entries):
            info = zipfile.ZipInfo(path, EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[path])
    return target


def installed_wheel(out_dir: Path, distribution: str, keep: Callable[[str], bool] = lambda path: True) -> Path:
    """A wheel of the installed ``distribution``'s files under its packages for which ``keep(path)`` holds.

    Only ``.py`` files and package data go in: never compiled modules (``.so``), byte code, scripts or the installed
    ``.dist-info`` (the wheel gets its own, with the distribution's name, version and unconditional requirements).
    """
    dist = importlib.metadata.distribution(distribution)
    files: dict[str, bytes] = {}
    for entry in dist.files or ():
        path = entry.as_posix()
        parts = entry.parts
        if parts[0] == ".." or parts[0].endswith(".dist-info") or "__pycache__" in parts or len(parts) < 2:
            continue
        if path.endswith(COMPILED) or not keep(path):
            continue
        files[path] = Path(dist.locate_file(entry)).read_bytes()
    if not files:
        raise SystemExit(f"{distribution} {dist.version}: no installed file to pack (is it installed in this venv?)")
    requires = tuple(r for r in dist.requires or () if "extra ==" not in r)
    return write_wheel(out_dir, dist.metadata["Name"], dist.version, files, requires)
