"""What a reader's browser receives, and the one packager that makes it: the page's runtime (``book/lex_book/live``,
the calculators' Pyodide worker: a stored zip) and the JupyterLite lab (``lite/build.py``: wheels) both take their
Python from :func:`package_files`, which applies the one list of what a browser must not receive (:data:`WITHHELD`)
whatever its caller asks for, so that neither can send what the other withholds. ``tests/widgets/test_browser.py``
checks that nothing sent imports what is withheld; ``tests/lite/test_packager.py`` that both are made here and that
neither holds a withheld file.

The packager reads the files of a package as it is installed in the build's Python (the project's, editable, from
the work tree; PyYAML's and Babel's from their PyPI wheels), so nothing is downloaded or compiled: its modules and
data files (byte for byte), never byte code, caches, compiled modules (CPython's, which Pyodide cannot load) or a
folder's notes for its developers (``README.md``). Both formats are deterministic: sorted names, fixed times.
"""

from __future__ import annotations

import base64
import fnmatch
import hashlib
import importlib.metadata
import importlib.util
import io
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path

WITHHELD = ("widgets/exercises.py", "widgets/exercises.yaml")
"""Never sent to a browser: the exercises' answers and worked solutions (``exercises.py`` computes them), and the
exercises' file that only it reads (its hints, which the page shows after a wrong try). The page and the lab check an
answer with :mod:`widgets.exercise_check` against salted digests instead."""

PAGE_RUNTIME_UNNEEDED = (
    "widgets/__main__.py",
    "widgets/browser.py",
    "widgets/trace.py",
    "widgets/rules/*.trace.yaml",
    "widgets/views/controls.py",
    "widgets/views/load_line_diagram.py",
    "widgets/views/notebook.py",
)
"""Left out of the page's runtime as well (the lab keeps them): the command line, this packager, the drift check
against the corpus and its traces, and the ipywidgets and matplotlib views, which the page's worker has no use for.
Names or ``fnmatch`` patterns."""

NOT_PACKED = (".so", ".pyd", ".dylib", ".dll", ".pyc", ".c", ".h", ".pyx", ".pxd", ".md")
"""Never packed, from any package: compiled modules, byte code and their sources, developers' notes."""

ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def sent(path: str, page_runtime: bool) -> bool:
    """Whether the file ``path`` of a package (``widgets/...``) goes to the browser: to the page's runtime
    (``page_runtime``) or to the lab."""
    if path in WITHHELD:
        return False
    return not (page_runtime and any(fnmatch.fnmatchcase(path, pattern) for pattern in PAGE_RUNTIME_UNNEEDED))


def package_files(
    package: str,
    page_runtime: bool,
    keep: Callable[[str], bool] = lambda path: True,
    folder: Path | None = None,
) -> dict[str, bytes]:
    """The files of the package ``package`` a browser receives, by their path in an archive (``<package>/...``):
    those :func:`sent` sends to the page's runtime (``page_runtime``) or to the lab, and for which ``keep`` holds.

    The package is the one the build's Python imports, or the folder ``folder`` when it is not installed."""
    if folder is None:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            raise FileNotFoundError(f"package {package} is not installed in the build's Python")
        folder = Path(next(iter(spec.submodule_search_locations)))
    files: dict[str, bytes] = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = f"{package}/{path.relative_to(folder).as_posix()}"
        if "__pycache__" in path.parts or path.name.endswith(NOT_PACKED):
            continue
        if sent(name, page_runtime) and keep(name):
            files[name] = path.read_bytes()
    if not files:
        raise FileNotFoundError(f"package {package}: no file to pack in {folder}")
    return files


def zip_bytes(files: Mapping[str, bytes]) -> bytes:
    """A zip of ``files`` (archive path → bytes), *stored*: the host compresses the zip whole, across its files, as
    a zip's per-file deflate cannot. The same bytes for the same files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_STORED
            archive.writestr(info, files[name])
    return buffer.getvalue()


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def write_wheel(
    out_dir: Path, name: str, version: str, files: Mapping[str, bytes], requires: tuple[str, ...] = ()
) -> Path:
    """Write ``<name>-<version>-py3-none-any.whl`` holding ``files`` (archive path → bytes) into ``out_dir``: a
    pure-Python wheel, deflated (pip and micropip read it as it is), with a RECORD of each file's sha256."""
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
            info = zipfile.ZipInfo(path, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[path])
    return target


def installed_wheel(
    out_dir: Path, distribution: str, packages: tuple[str, ...], keep: Callable[[str], bool] = lambda path: True
) -> Path:
    """The lab's wheel of the installed ``distribution``: the files of its ``packages`` that :func:`package_files`
    sends to the lab and ``keep`` keeps, under the distribution's name and version, with its unconditional
    requirements (no extra's)."""
    dist = importlib.metadata.distribution(distribution)
    files: dict[str, bytes] = {}
    for package in packages:
        files |= package_files(package, page_runtime=False, keep=keep)
    requires = tuple(r for r in dist.requires or () if "extra ==" not in r)
    return write_wheel(out_dir, dist.metadata["Name"], dist.version, files, requires)
