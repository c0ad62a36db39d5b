"""Zeitkonto: the client SDK for the saas.de Working-Time, Presence and Leave Integration API.

>>> from zeitkonto import Client
>>> with Client("my-company-key") as client:              # doctest: +SKIP
...     client.come("anna@example.com")
...     march = client.time_account("anna@example.com", 2026, 3)   # calendar months, 1-12
"""

from ._exports import *  # noqa: F401,F403 - the clients, settings, errors and models (generated)
from ._exports import __all__ as __all__

__version__ = "0.1.0"
