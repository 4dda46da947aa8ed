"""Writing a pure-Python wheel (``py3-none-any``) from files in memory, for the wheels only the browser gets.

The lite site's Pyodide installs wheels from its own folder; three of them are made here rather than downloaded as
they are (see ``pyyaml_pure.py``, ``babel_slim.py`` and ``build.py``). Output is deterministic: sorted names, fixed
timestamps, a RECORD with each file's sha256.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Mapping
from pathlib import Path

EPOCH = (1980, 1, 1, 0, 0, 0)


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
