"""LAN addresses for QR codes: private ones only, the likely one first, never loopback, no traffic sent."""
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
        InterfaceAddress("eth1", "81.200.10.5"),  # public: a phone on the table's Wi-Fi is not there
        InterfaceAddress("eth2", "10.0.0.7"),
        InterfaceAddress("wlan0", "fd00::2"),
    ]
    assert rank_lan_addresses(found, routed="192.168.1.20") == ["192.168.1.20", "10.0.0.7", "172.17.0.1"]
    # Without a route hint a physical interface still leads.
    assert rank_lan_addresses(found, routed=None)[:2] == ["192.168.1.20", "10.0.0.7"]
    assert rank_lan_addresses(found, routed="10.0.0.7")[0] == "10.0.0.7"


def test_without_any_network_there_is_no_address_for_phones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses, "interface_addresses", lambda: [InterfaceAddress("lo", "127.0.0.1")])
    monkeypatch.setattr(addresses, "default_route_address", lambda: None)
    assert addresses.lan_addresses() == []
    monkeypatch.setattr(addresses, "interface_addresses", lambda: [InterfaceAddress("eth0", "81.200.10.5")])
    monkeypatch.setattr(addresses, "default_route_address", lambda: "81.200.10.5")
    assert addresses.lan_addresses() == []


def test_without_interface_readings_the_routed_address_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses, "interface_addresses", lambda: [])
    monkeypatch.setattr(addresses, "default_route_address", lambda: "10.1.2.3")
    assert addresses.lan_addresses() == ["10.1.2.3"]


def test_this_machines_phone_addresses_are_its_own_private_ipv4_addresses() -> None:
    own = addresses.machine_addresses()
    for address in addresses.lan_addresses():
        ip = ipaddress.ip_address(address)
        assert ip.version == 4 and ip.is_private and not ip.is_loopback
        assert address in own
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
