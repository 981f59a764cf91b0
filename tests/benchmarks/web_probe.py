"""In-page timing: every time is taken inside Chromium with performance.now(), so it does
not depend on how often Playwright polls.

"Visible" is the moment Flutter writes the change into its accessibility tree (seen by a
MutationObserver): Flutter updates that tree in the same frame in which it paints the
canvas, after layout and paint.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# The text of a node as a screen reader gets it: its text and its (and its children's) labels.
_TEXT_OF = """e => e.textContent + ' ' +
  Array.from(e.querySelectorAll('[aria-label]')).map(x => x.getAttribute('aria-label')).join(' ') + ' ' +
  (e.getAttribute('aria-label') || '')"""

# Installed before the page's own scripts. Clicks Flutter's hidden placeholder as soon as it
# exists (the accessibility tree is built only after that), and notes when the wanted
# control first sits in the tree ready to be tapped: loading screen gone, a tappable node
# of non-zero size that is not disabled.
_LOAD_PROBE = """identifier => {
  const load = window.__benchLoad = {placeholderAt: null, readyAt: null};
  const selector = `[flt-semantics-identifier="${identifier}"]`;
  const tappableSelector = '[flt-tappable], [role=button]';
  const tappable = e => e.matches(tappableSelector) ? e : e.querySelector(tappableSelector);
  const ready = () => {
    if (document.getElementById('loading')) return false;
    const node = document.querySelector(selector);
    const target = node && tappable(node);
    if (!target || target.getAttribute('aria-disabled') === 'true') return false;
    const box = target.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  let observer = null, timer = null;
  const check = () => {
    if (load.readyAt !== null) return;
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (placeholder) {
      if (load.placeholderAt === null) load.placeholderAt = performance.now();
      placeholder.click();
    }
    if (ready()) {
      load.readyAt = performance.now();
      observer.disconnect();
      clearInterval(timer);
    }
  };
  observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, attributes: true});
  // The placeholder may ignore a click made before Flutter is listening: try again.
  timer = setInterval(check, 25);
}"""

# Armed right before a tap, with the controls to watch: the tap's time is its pointerdown
# event's; a control has changed when its text differs from its baseline (by default what
# it shows when armed; it may be absent then and appear), or when its attribute takes the
# wanted value. The first control to change wins.
_TAP_PROBE = """watches => {
  const textOf = """ + _TEXT_OF + """;
  const read = watch => {
    if (watch.text) {
      const host = document.querySelector('flt-semantics-host');
      return host && textOf(host).includes(watch.text) ? watch.text : null;
    }
    const node = document.querySelector(`[flt-semantics-identifier="${watch.identifier}"]`);
    if (!node) return null;
    return watch.attribute === null ? textOf(node) : node.getAttribute(watch.attribute);
  };
  const now = watches.map(read);
  const baselines = watches.map((watch, i) => 'baseline' in watch ? watch.baseline : now[i]);
  const probe = window.__benchTap = {tappedAt: null, changedAt: null, which: null, seen: null,
                                     sentAt: null, receivedAt: null, messages: 0, bytes: 0};
  const check = () => {
    if (probe.tappedAt === null || probe.changedAt !== null) return;
    watches.forEach((watch, i) => {
      if (probe.changedAt !== null) return;
      const shown = read(watch);
      const changed = watch.attribute === null ? shown !== null && shown !== baselines[i] : shown === watch.wanted;
      if (changed) {
        probe.changedAt = performance.now();
        probe.which = i;
        probe.seen = shown;
        observer.disconnect();
      }
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  window.addEventListener('pointerdown', e => { probe.tappedAt = e.timeStamp; check(); },
                          {capture: true, once: true});
  return now;
}"""

# Installed before the page's own scripts: notes, for the armed tap, when the page first
# writes to the server after it and when the last message before the change came back.
_WIRE_PROBE = """() => {
  const Native = window.WebSocket;
  const during = () => {
    const probe = window.__benchTap;
    return probe && probe.tappedAt !== null && probe.changedAt === null ? probe : null;
  };
  const size = data => typeof data === 'string' ? data.length : (data.byteLength ?? data.size ?? 0);
  class Watched extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', event => {
        const probe = during();
        if (!probe || probe.sentAt === null) return;
        probe.receivedAt = performance.now();
        probe.messages += 1;
        probe.bytes += size(event.data);
      });
    }
    send(data) {
      const probe = during();
      if (probe && probe.sentAt === null) probe.sentAt = performance.now();
      return super.send(data);
    }
  }
  window.WebSocket = Watched;
}"""

_READ = """([identifier, attribute]) => {
  const node = document.querySelector(`[flt-semantics-identifier="${identifier}"]`);
  if (!node) return null;
  return attribute === null ? (""" + _TEXT_OF + """)(node) : node.getAttribute(attribute);
}"""


class ProbeTimeout(Exception):
    """The awaited change never came."""


def install_load_probe(page: Page, identifier: str) -> None:
    page.add_init_script(script=f"({_LOAD_PROBE})({json.dumps(identifier)})")


def install_wire_probe(context: BrowserContext) -> None:
    """For the pages of `context`: split each tap's time at the WebSocket (see TapTimes)."""
    context.add_init_script(script=f"({_WIRE_PROBE})()")


@dataclass
class LoadTimes:
    placeholder_ms: float  # the Flutter client is up (its placeholder exists)
    ready_ms: float  # the wanted control is in the tree, ready to be tapped


def wait_load(page: Page, timeout_s: float) -> LoadTimes:
    try:
        page.wait_for_function("() => window.__benchLoad && window.__benchLoad.readyAt !== null",
                               timeout=timeout_s * 1000)
    except PlaywrightTimeout:
        raise ProbeTimeout() from None
    load = page.evaluate("() => window.__benchLoad")
    return LoadTimes(placeholder_ms=load["placeholderAt"], ready_ms=load["readyAt"])


def read_text(page: Page, text: str) -> bool:
    """Whether `text` is anywhere in the accessibility tree (texts and labels)."""
    return page.evaluate("""text => { const host = document.querySelector('flt-semantics-host');
      return !!host && (""" + _TEXT_OF + """)(host).includes(text); }""", text)


def read(page: Page, identifier: str, attribute: str | None = None) -> str | None:
    """The node's text (or `attribute`), as the probe sees it; None when it is not in the tree."""
    return page.evaluate(_READ, [identifier, attribute])


_NO_BASELINE = object()


@dataclass(frozen=True)
class Watch:
    identifier: str
    attribute: str | None = None  # None: its text (and aria labels)
    wanted: str | None = None  # with an attribute: the value that counts as the change
    baseline: object = _NO_BASELINE  # the text it changes from: by default, what it shows when armed
    # Instead of a control: this text appearing anywhere in the tree (Flutter may fold a
    # control's node into another one, its identifier with it).
    text: str | None = None

    def with_baseline(self, text: str | None) -> "Watch":
        return Watch(self.identifier, self.attribute, self.wanted, text, self.text)

    def as_js(self) -> dict:
        shape = {"identifier": self.identifier, "attribute": self.attribute, "wanted": self.wanted,
                 "text": self.text}
        if self.baseline is not _NO_BASELINE:
            shape["baseline"] = self.baseline
        return shape


def arm_tap(page: Page, watches: list[Watch]) -> list[str | None]:
    """Watch these controls for the next tap's change; returns what each shows now (None: absent)."""
    return page.evaluate(_TAP_PROBE, [watch.as_js() for watch in watches])


@dataclass
class TapTimes:
    elapsed_ms: float  # pointerdown -> the change in the accessibility tree
    which: int  # the index of the watched control that changed
    seen: str  # what it showed then
    # With the wire probe: pointerdown -> first message out; -> last message in before the
    # change; -> the change. None when the tap sent or received nothing.
    to_server_ms: float | None = None
    server_ms: float | None = None
    after_reply_ms: float | None = None
    messages_in: int = 0
    bytes_in: int = 0


def wait_tap(page: Page, timeout_s: float) -> TapTimes:
    try:
        page.wait_for_function("() => window.__benchTap.changedAt !== null", timeout=timeout_s * 1000)
    except PlaywrightTimeout:
        raise ProbeTimeout() from None
    probe = page.evaluate("() => window.__benchTap")
    times = TapTimes(elapsed_ms=probe["changedAt"] - probe["tappedAt"], which=probe["which"], seen=probe["seen"],
                     messages_in=probe["messages"], bytes_in=probe["bytes"])
    if probe["sentAt"] is not None and probe["receivedAt"] is not None:
        times.to_server_ms = probe["sentAt"] - probe["tappedAt"]
        times.server_ms = probe["receivedAt"] - probe["sentAt"]
        times.after_reply_ms = probe["changedAt"] - probe["receivedAt"]
    return times
