"""QR codes of join links, as PNG for `ft.Image(src=...)`."""
from __future__ import annotations

import io

import qrcode
import qrcode.constants
from qrcode.image.pure import PyPNGImage

QUIET_ZONE_MODULES = 4  # the minimum the QR standard asks for around the code
BOX_PIXELS = 12


def qr_png(text: str, *, box_pixels: int = BOX_PIXELS, quiet_zone: int = QUIET_ZONE_MODULES) -> bytes:
    """A black-on-white PNG; medium error correction survives a glare spot on a screen."""
    code = qrcode.QRCode(
        error_correction=qrcode.constants.ERROR_CORRECT_M,
        box_size=box_pixels,
        border=quiet_zone,
        image_factory=PyPNGImage,
    )
    code.add_data(text)
    code.make(fit=True)
    buffer = io.BytesIO()
    code.make_image().save(buffer)
    return buffer.getvalue()
