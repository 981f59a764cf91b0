"""Draws the app's icon (the files in companion/hosting/web/): the Time token's red ring
with the Time track's 15 spaces around it and a yellow N, on the app's dark background.

    python -m tests.support.draw_app_icon
"""
from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[2] / "companion" / "hosting" / "web"
BACKGROUND = (16, 20, 24, 255)
RED = (229, 72, 77, 255)
YELLOW = (245, 197, 24, 255)
SLOT = (169, 180, 191, 255)
SUPERSAMPLE = 4


def draw(size: int, *, maskable: bool = False, rounded: bool = True) -> Image.Image:
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if maskable or not rounded:
        pen.rectangle((0, 0, big, big), fill=BACKGROUND)
    else:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=int(big * 0.22), fill=BACKGROUND)
    # A maskable icon keeps everything inside the middle 80 %.
    scale = 0.8 if maskable else 1.0
    centre = big / 2
    ring = big * 0.33 * scale
    width = big * 0.065 * scale
    pen.ellipse((centre - ring, centre - ring, centre + ring, centre + ring), outline=RED, width=int(width))
    for slot in range(15):
        angle = -math.pi / 2 + slot * 2 * math.pi / 15
        inner, outer = big * 0.39 * scale, big * 0.45 * scale
        pen.line((centre + inner * math.cos(angle), centre + inner * math.sin(angle),
                  centre + outer * math.cos(angle), centre + outer * math.sin(angle)),
                 fill=YELLOW if slot == 0 else SLOT, width=int(big * 0.03 * scale))
    # The N: two posts and a diagonal.
    half_h, half_w, stroke = big * 0.16 * scale, big * 0.13 * scale, big * 0.06 * scale
    left, right, top, bottom = centre - half_w, centre + half_w, centre - half_h, centre + half_h
    pen.rectangle((left, top, left + stroke, bottom), fill=YELLOW)
    pen.rectangle((right - stroke, top, right, bottom), fill=YELLOW)
    pen.polygon([(left, top), (left + stroke * 1.1, top), (right, bottom), (right - stroke * 1.1, bottom)],
                fill=YELLOW)
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    (OUT / "icons").mkdir(parents=True, exist_ok=True)
    draw(32).save(OUT / "favicon.png", optimize=True)
    for size in (192, 512):
        draw(size).save(OUT / "icons" / f"icon-{size}.png", optimize=True)
        draw(size, maskable=True).save(OUT / "icons" / f"icon-maskable-{size}.png", optimize=True)
    draw(192, rounded=False).save(OUT / "icons" / "apple-touch-icon-192.png", optimize=True)
    draw(256).save(OUT / "icons" / "loading.png", optimize=True)


if __name__ == "__main__":
    main()
