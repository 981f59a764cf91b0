"""Serving the table and the phones from one process.

Pure parts (no I/O): `origins`, `secrets`, `code_attempts`, `join_urls`.
Parts that touch the machine: `addresses` (local interface look-ups),
`secret_store` (one file), `qr` (renders images), `guard` and `watchdog`
(ASGI middleware), `server` (uvicorn in a thread or in the foreground).
"""
