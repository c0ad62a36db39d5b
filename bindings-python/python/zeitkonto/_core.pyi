"""Stubs of the Rust extension ``zeitkonto._core`` (private: use the ``zeitkonto`` package)."""

from typing import Dict, List, Optional, Tuple

class CoreError(Exception):
    """A Zeitkonto error; ``args[0]`` is its JSON form."""

class Client:
    def __new__(
        cls,
        *,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        workspace_key: Optional[str] = None,
        routes: Optional[Dict[str, str]] = None,
        timeout: Optional[float] = None,
        retry_json: Optional[str] = None,
        rate_limit_json: Optional[str] = None,
        log_events: bool = False,
    ) -> Client: ...
    def call(self, operation_name: str, params_json: str) -> str: ...
    def call_async(self, operation_name: str, params_json: str) -> Pending: ...
    def take_events(self) -> List[str]: ...

class Pending:
    def fileno(self) -> int: ...
    def done(self) -> bool: ...
    def take(self) -> str: ...

def build_request(
    operation_name: str,
    params_json: str,
    *,
    api_key: Optional[str] = None,
    base_url: Optional[str] = None,
    workspace_key: Optional[str] = None,
    routes: Optional[Dict[str, str]] = None,
) -> Tuple[str, str, List[Tuple[str, str]], Optional[bytes], str, Optional[str]]: ...
def parse_response(operation_name: str, status: int, headers: List[Tuple[str, str]], body: bytes) -> str: ...
def operations() -> List[str]: ...
def is_idempotent(operation_name: str) -> bool: ...
