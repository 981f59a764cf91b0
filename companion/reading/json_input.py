"""Reading a JSON document a person wrote or edited.

Every way such a file can be unusable (missing, a folder, unreadable, not UTF-8, not
JSON, nested too deeply, a number too long to read, a key written twice) becomes one
:class:`JsonInputError` with a stable ``kind`` and its details, so callers can name
the problem in their own words (and languages) instead of showing a traceback.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

__all__ = ["MAX_DEPTH", "JsonInputError", "parse_json", "read_json"]

# Far deeper than any file this app reads, far shallower than Python's recursion limit,
# so code walking a document recursively never runs out of stack.
MAX_DEPTH = 64


class JsonInputError(ValueError):
    """An unusable JSON document.

    ``kind`` is one of: missing, directory, unreadable, not_utf8, invalid_json,
    too_deep, number_too_long, duplicate_key. ``params`` holds the details: line,
    column and detail; name (of the key written twice); limit; offset; reason. For a
    key written twice, ``path`` locates it in ``document`` (what was read), so a
    caller can name the entry holding it.
    """

    def __init__(self, kind: str, message: str, *, path: tuple[str | int, ...] = (), document: Any = None,
                 **params: Any) -> None:
        self.kind = kind
        self.path = path
        self.document = document
        self.params = params
        super().__init__(message)


def read_json(path: Path | str, *, allow_duplicate_keys: bool = False) -> Any:
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise JsonInputError("missing", f"file is missing (looked for {path})") from None
    except IsADirectoryError:
        raise JsonInputError("directory", "is a folder, not a file") from None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise JsonInputError("unreadable", f"cannot read the file: {reason}", reason=reason) from None
    try:
        # utf-8-sig: a byte-order mark (as some Windows editors save) is read, not refused.
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonInputError(
            "not_utf8", f"not UTF-8 text (byte {exc.start} cannot be decoded)", offset=exc.start
        ) from None
    return parse_json(text, allow_duplicate_keys=allow_duplicate_keys)


def parse_json(text: str, *, allow_duplicate_keys: bool = False) -> Any:
    # id of an object -> (a key it holds twice, the object: kept alive so its id stays unique)
    duplicated: dict[int, tuple[str, dict]] = {}

    def remember_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            seen: set[str] = set()
            for key, _value in pairs:
                if key in seen:
                    duplicated[id(result)] = (key, result)
                    break
                seen.add(key)
        return result

    try:
        document = json.loads(text, object_pairs_hook=remember_duplicates)
    except json.JSONDecodeError as exc:
        raise JsonInputError(
            "invalid_json",
            f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}",
            line=exc.lineno,
            column=exc.colno,
            detail=exc.msg,
        ) from None
    except RecursionError:
        raise JsonInputError("too_deep", f"nested more than {MAX_DEPTH} levels deep", limit=MAX_DEPTH) from None
    except ValueError:
        # Python refuses to read integers longer than its int-string limit.
        limit = sys.get_int_max_str_digits()
        raise JsonInputError("number_too_long", f"a number has more than {limit} digits", limit=limit) from None
    try:
        _check_shape(document, duplicated if not allow_duplicate_keys else {})
    except JsonInputError as exc:
        exc.document = document
        raise
    return document


def _check_shape(document: Any, duplicated: dict[int, tuple[str, dict]]) -> None:
    """Depth limit and duplicate keys, walked without recursion, in document order."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(document, ())]
    while stack:
        node, where = stack.pop()
        if len(where) >= MAX_DEPTH:
            raise JsonInputError("too_deep", f"nested more than {MAX_DEPTH} levels deep", limit=MAX_DEPTH)
        if isinstance(node, dict):
            if id(node) in duplicated:
                key = duplicated[id(node)][0]
                raise JsonInputError(
                    "duplicate_key", f"key {key!r} appears twice in one object", path=where + (key,), name=key
                )
            children = [(value, where + (name,)) for name, value in node.items() if isinstance(value, (dict, list))]
        elif isinstance(node, list):
            children = [(value, where + (i,)) for i, value in enumerate(node) if isinstance(value, (dict, list))]
        else:
            continue
        stack.extend(reversed(children))
