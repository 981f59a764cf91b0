"""A shortcut in Flet's diff for values that cannot hold a control.

When Flet 1.0.5 meets a control it has not seen, it walks every field of it (about 58)
and makes a generator for each field's value, even for None, a number or a string, where
the walk finds nothing. A redraw's server time is mostly that walk. Such values are
answered here with nothing at once; every other value goes through Flet's own code, so
what Flet configures, yields and sends is unchanged."""
from __future__ import annotations

import enum

_EMPTY = ()
_INSTALLED = "_companion_fast_path"
# Values the walk passes through without effect: not a dataclass, dict or list.
_FLAT = (str, int, float, bool, bytes, enum.Enum)


def install() -> bool:
    """Once per process; False (Flet left as it is) when its diff is not the one this was
    written for."""
    try:
        from flet.controls.object_patch import DiffBuilder
    except ImportError:
        return False
    walk = DiffBuilder.__dict__.get("_configure_dataclass")
    if walk is None:
        return False
    if getattr(DiffBuilder, _INSTALLED, False):
        return True

    def configure(self, item, parent, frozen, configure_setattr_only=False):
        if item is None or isinstance(item, _FLAT):
            return _EMPTY
        return self._flet_configure_dataclass(item, parent, frozen, configure_setattr_only)

    DiffBuilder._flet_configure_dataclass = walk  # Flet's own: it calls back into configure
    DiffBuilder._configure_dataclass = configure
    setattr(DiffBuilder, _INSTALLED, True)
    return True
