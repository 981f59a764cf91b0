"""The machine's own addresses, read from its interfaces; no packet leaves the machine."""
from __future__ import annotations

import ipaddress
import logging
import socket
from dataclasses import dataclass

logger = logging.getLogger(__name__)

# Only used for a route look-up: connecting a UDP socket sends nothing.
_ROUTE_PROBE = ("10.254.254.254", 9)
# Interfaces that rarely face the phones: containers, VMs, tunnels.
_VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "tun", "tap", "wg", "zt", "lxc", "podman", "cni", "flannel", "utun")


@dataclass(frozen=True)
class InterfaceAddress:
    interface: str
    address: str  # canonical text, IPv6 without brackets or zone

    @property
    def ip(self) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
        return ipaddress.ip_address(self.address)


def interface_addresses() -> list[InterfaceAddress]:
    """Every address of every interface, loopback included; empty when unreadable."""
    try:
        import ifaddr
    except ImportError:
        return []
    found: list[InterfaceAddress] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError as error:
        logger.warning("cannot read the network interfaces: %s", error)
        return []
    for adapter in adapters:
        for entry in adapter.ips:
            raw = entry.ip if entry.is_IPv4 else entry.ip[0]
            try:
                address = ipaddress.ip_address(str(raw).split("%", 1)[0])
            except ValueError:
                continue
            found.append(InterfaceAddress(adapter.nice_name or adapter.name, address.compressed))
    return found


def default_route_address() -> str | None:
    """The source address the default route would use, or None when there is none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address in ("0.0.0.0", "") else address


def is_phone_address(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """An address a phone on the same local network can open: private IPv4, never loopback,
    link-local (a network nobody set up), multicast or unspecified."""
    return (ip.version == 4 and ip.is_private and not
            (ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_unspecified))


def _is_virtual(interface: str) -> bool:
    return interface.lower().startswith(_VIRTUAL_PREFIXES)


def rank_lan_addresses(found: list[InterfaceAddress], routed: str | None) -> list[str]:
    """The private IPv4 addresses a phone can open, most likely first: the one the default
    route leaves from, then physical interfaces before containers and VMs. Pure."""
    candidates = [item for item in found if is_phone_address(item.ip)]

    def rank(item: InterfaceAddress) -> tuple[int, int]:
        return (item.address != routed, _is_virtual(item.interface))

    ordered: list[str] = []
    for item in sorted(candidates, key=rank):
        if item.address not in ordered:
            ordered.append(item.address)
    return ordered


def lan_addresses() -> list[str]:
    """The addresses to show phones and put in QR codes, best first; empty when this
    machine is on no local network (never loopback: no phone can open that)."""
    routed = default_route_address()
    ordered = rank_lan_addresses(interface_addresses(), routed)
    if not ordered and routed and is_phone_address(ipaddress.ip_address(routed)):
        ordered = [routed]
    return ordered


def machine_addresses() -> list[str]:
    """Every own address (IPv4 and IPv6), for telling our Origins from foreign ones."""
    addresses = [item.address for item in interface_addresses()]
    routed = default_route_address()
    if routed:
        addresses.append(routed)
    return list(dict.fromkeys(addresses))


def machine_names() -> list[str]:
    """The machine's own host name and its mDNS spelling (no lookup)."""
    name = socket.gethostname().strip().lower()
    if not name:
        return []
    short = name.split(".", 1)[0]
    return list(dict.fromkeys([name, short, f"{short}.local"]))
