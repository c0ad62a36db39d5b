"""Zeitkonto: the client SDK for the saas.de Working-Time, Presence and Leave Integration API.

>>> from zeitkonto import Client
>>> with Client("my-company-key") as client:              # doctest: +SKIP
...     client.come("anna@example.com")
...     march = client.time_account("anna@example.com", 2026, 3)   # calendar months, 1-12
"""

from . import sansio
from .client import AsyncClient, Client, RateLimit, RetryConfig
from .errors import (
    ApiError,
    AuthenticationError,
    BadValueError,
    CompanyInactiveError,
    DecodeError,
    EmailInUseError,
    EmployeeNotFoundError,
    ForbiddenError,
    InvalidInputError,
    MissingModuleError,
    RateLimitedError,
    RefusedError,
    APITimeoutError,
    ClientClosedError,
    TlsError,
    TransportError,
    UnexpectedStatusError,
    ZeitkontoError,
)
from . import models as _models
from .models import *  # noqa: F401,F403 - every result model (generated, `models.__all__`)

__version__ = "0.1.0"

__all__ = [
    "Client", "AsyncClient", "RetryConfig", "RateLimit", "sansio",
    "ZeitkontoError", "InvalidInputError", "ApiError", "EmployeeNotFoundError", "CompanyInactiveError",
    "AuthenticationError", "BadValueError", "EmailInUseError", "MissingModuleError", "ForbiddenError",
    "RefusedError", "RateLimitedError", "UnexpectedStatusError", "DecodeError", "TransportError", "TlsError",
    "APITimeoutError",
    "ClientClosedError",
]
__all__ += _models.__all__
