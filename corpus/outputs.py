"""Writing files so that none is ever half-written, and reading the corpus's built files so that a broken one is one
line naming it.

Every file the corpus build writes (markup, XML, report, manifest), and the other files the project's tools write
(``widgets.trace record``, the assignment tool, the rescored derivation tables), goes through :func:`write_bytes`
or :func:`write_text`: the data is written to a temporary file beside the target, flushed to the disk, and renamed
over the target in one step. A build killed while writing, or stopped by a full disk, leaves the old file or the new
one, never a mix (and at worst a temporary ``.<name>.<random>.tmp`` beside it, which the next build removes).

Standard output: :func:`run_command` runs a command line (``python -m corpus``, ``python -m widgets``,
``python -m widgets.exercises``, ``python -m widgets.trace``) so that what it prints is written whole, as UTF-8, or
not at all with one line saying why.

Reading: a built file that is missing, not UTF-8, not JSON or not well-formed XML is a :class:`CorpusFileError`
whose one-line message names the file and says how to rebuild it; ``corpus.load`` (the one way every reader, the
book included, parses a document's XML) raises it through :func:`corpus.xmlio.parse`.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

TEMPORARY_SUFFIX = ".tmp"
MESSAGE_MAX = 300
"""The most characters of a parser's own message quoted in an error line (lxml's can run long)."""


class CorpusFileError(Exception):
    """A built or data file that cannot be read; the one-line message names the file and what is wrong."""


def shown(path: Path) -> str:
    """``path`` as an error line names it: relative to the working directory when inside it."""
    path = Path(path)
    with contextlib.suppress(ValueError):
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    return str(path)


def one_line(text: object, limit: int = MESSAGE_MAX) -> str:
    """``text`` (a message, or an exception or any value: its ``str``) on one line, at most ``limit`` characters (an
    ellipsis marks a cut)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, flushed, renamed over ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)  # mkstemp makes it 0600; the file is meant to be read
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, atomically (:func:`write_bytes`)."""
    write_bytes(path, text.encode("utf-8"))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the platform lets a folder be opened)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def remove_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files an interrupted write left in ``folder``; return them."""
    found = sorted(Path(folder).glob(f".*{TEMPORARY_SUFFIX}")) if Path(folder).is_dir() else []
    for path in found:
        with contextlib.suppress(OSError):
            path.unlink()
    return found


def digest(path: Path) -> str | None:
    """The SHA-256 of the file at ``path`` (hex); None when it is missing or unreadable."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


REBUILD = "rebuild it: python -m corpus build"


def read_json(path: Path) -> Any:
    """The data of the built JSON file ``path`` (a build report); a :class:`CorpusFileError` naming it otherwise."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise CorpusFileError(f"{shown(path)}: missing; {REBUILD}") from None
    except OSError as err:
        raise CorpusFileError(f"{shown(path)}: cannot be read ({one_line(err.strerror or err)})") from None
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise CorpusFileError(f"{shown(path)}: not UTF-8 (byte {err.start}); {REBUILD}") from None
    except json.JSONDecodeError as err:
        raise CorpusFileError(f"{shown(path)}: line {err.lineno}: not JSON ({err.msg}); {REBUILD}") from None
    except (ValueError, RecursionError) as err:
        raise CorpusFileError(f"{shown(path)}: not JSON ({one_line(err)}); {REBUILD}") from None


# -- standard output -----------------------------------------------------------------------------------------------

OUTPUT_FAILED = 74
"""The exit status of a command whose output could not be written (sysexits' EX_IOERR): standard output closed,
full (``/dev/full``) or a pipe whose reader has gone (``| head -c1``)."""


def run_command(main: Callable[[], int | None], name: str) -> int:
    """Run a command line's ``main`` with its standard output kept whole: what it prints is gathered, encoded as
    UTF-8 whatever the locale (``LC_ALL=C``, ``PYTHONIOENCODING=ascii``), and written in one go at the end. Standard
    error is UTF-8 too. Output that cannot be written is one line on standard error, ``name: cannot write …``, and
    the exit status :data:`OUTPUT_FAILED`, never a traceback; a reader that stops early gets no half of a JSON
    document followed by one. Returns the exit status (argparse's own, for a usage error or ``--help``)."""
    _utf8_stderr()
    gathered = io.StringIO()
    real = sys.stdout
    sys.stdout = gathered
    try:
        try:
            status = main()
        except SystemExit as stop:  # argparse: --help, or a usage error (already on standard error)
            status = stop.code if isinstance(stop.code, int) or stop.code is None else _said(stop.code)
    finally:
        sys.stdout = real
    data = gathered.getvalue().encode("utf-8", errors="surrogateescape")
    if data:
        problem = _write_whole(real, data)
        if problem:
            print(f"{name}: cannot write to standard output ({problem})", file=sys.stderr)
            return OUTPUT_FAILED
    return int(status or 0)


def _said(message: object) -> int:
    print(message, file=sys.stderr)
    return 1


def _utf8_stderr() -> None:
    stream = sys.stderr
    if isinstance(stream, io.TextIOWrapper):
        with contextlib.suppress(ValueError, OSError):
            stream.reconfigure(encoding="utf-8", errors="backslashreplace")


def _write_whole(stream: Any, data: bytes) -> str:
    """Write ``data`` to ``stream``'s bytes and flush; "" when done, else what went wrong, in a few words."""
    target = getattr(stream, "buffer", None)
    if stream is None or target is None:
        return "it is closed"
    try:
        target.write(data)
        target.flush()
    except (OSError, ValueError) as err:
        _silence(stream)
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        return one_line(reason, 120)
    return ""


def _silence(stream: Any) -> None:
    """Point the standard output's descriptor at /dev/null, so that Python's flush at exit fails no more (it would
    print "Exception ignored … BrokenPipeError")."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
