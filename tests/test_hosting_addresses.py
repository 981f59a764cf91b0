"""LAN addresses for QR codes: best first, loopback only as a last resort, no traffic sent."""
from __future__ import annotations

import ipaddress
import socket

import pytest

from companion.hosting import addresses
from companion.hosting.addresses import InterfaceAddress, rank_lan_addresses


def test_the_routed_wifi_address_comes_first_and_unreachable_ones_never() -> None:
    found = [
        InterfaceAddress("lo", "127.0.0.1"),
        InterfaceAddress("docker0", "172.17.0.1"),
        InterfaceAddress("eth0", "169.254.10.10"),
        InterfaceAddress("wlan0", "192.168.1.20"),
        InterfaceAddress("eth1", "203.0.113.5"),
        InterfaceAddress("wlan0", "fd00::2"),
    ]
    assert rank_lan_addresses(found, routed="192.168.1.20") == ["192.168.1.20", "203.0.113.5", "172.17.0.1"]
    # Without a route hint a private, physical interface still leads.
    assert rank_lan_addresses(found, routed=None)[0] == "192.168.1.20"


def test_without_any_network_the_fallback_is_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses, "interface_addresses", lambda: [InterfaceAddress("lo", "127.0.0.1")])
    monkeypatch.setattr(addresses, "default_route_address", lambda: None)
    assert addresses.lan_addresses() == ["127.0.0.1"]
    assert addresses.primary_lan_address() == "127.0.0.1"


def test_without_interface_readings_the_routed_address_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses, "interface_addresses", lambda: [])
    monkeypatch.setattr(addresses, "default_route_address", lambda: "10.1.2.3")
    assert addresses.lan_addresses() == ["10.1.2.3"]


def test_this_machines_addresses_are_real_ipv4_addresses() -> None:
    found = addresses.lan_addresses()
    assert found
    for address in found:
        assert ipaddress.ip_address(address).version == 4
    own = addresses.machine_addresses()
    assert "127.0.0.1" in own or not addresses.interface_addresses()


def test_looking_up_addresses_sends_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[str] = []
    real_socket = socket.socket

    class Recording(real_socket):
        def send(self, *args, **kwargs):
            sent.append("send")
            return super().send(*args, **kwargs)

        def sendto(self, *args, **kwargs):
            sent.append("sendto")
            return super().sendto(*args, **kwargs)

        def sendall(self, *args, **kwargs):
            sent.append("sendall")
            return super().sendall(*args, **kwargs)

    monkeypatch.setattr(socket, "socket", Recording)
    addresses.lan_addresses()
    addresses.machine_addresses()
    addresses.machine_names()
    assert sent == []
