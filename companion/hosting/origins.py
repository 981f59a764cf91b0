"""Which browser Origins count as the server's own; everything here is pure."""
from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

_DEFAULT_PORTS = {"http": 80, "https": 443}
WILDCARD_HOSTS = frozenset({"", "*", "0.0.0.0", "::"})
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def canonical_host(host: str) -> str:
    """Lower-case name or compressed IP; IPv6 without brackets."""
    host = host.strip().strip("[]").lower()
    try:
        return ipaddress.ip_address(host).compressed
    except ValueError:
        return host.rstrip(".")


def origin_of(scheme: str, host: str, port: int) -> str:
    """`http://host:port` with the port always written, IPv6 in brackets."""
    host = canonical_host(host)
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}"


def normalize_origin(value: str) -> str | None:
    """The canonical form of an Origin header, or None when it names no usable origin.

    Browsers leave out a default port ("http://host" means port 80) and send the
    literal "null" from sandboxed frames and files; neither may be mistaken for ours.
    """
    value = value.strip()
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    return origin_of(parts.scheme, parts.hostname, port or _DEFAULT_PORTS[parts.scheme])


def is_wildcard(host: str) -> bool:
    return host.strip().strip("[]") in WILDCARD_HOSTS


def is_loopback(host: str) -> bool:
    host = canonical_host(host)
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def own_origins(
    listen_host: str,
    port: int,
    *,
    machine_addresses: Iterable[str] = (),
    machine_names: Iterable[str] = (),
    extra: Iterable[str] = (),
) -> frozenset[str]:
    """The Origins a page served by this server can carry.

    A phone opens http://<LAN address>:<port>, so its page's Origin is exactly that.
    A server on every interface answers on each of the machine's addresses and names;
    a loopback server answers to every loopback spelling; any other host only to itself.
    """
    if is_wildcard(listen_host):
        hosts = [*LOOPBACK_NAMES, *machine_addresses, *machine_names]
    elif is_loopback(listen_host):
        hosts = [listen_host, *LOOPBACK_NAMES]
    else:
        hosts = [listen_host]
    allowed = {origin_of("http", host, port) for host in hosts if host.strip()}
    allowed.update(filter(None, (normalize_origin(origin) for origin in extra)))
    return frozenset(allowed)


def is_own_origin(header: str, allowed: frozenset[str]) -> bool:
    origin = normalize_origin(header)
    return origin is not None and origin in allowed
