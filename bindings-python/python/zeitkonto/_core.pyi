"""Stubs of the Rust extension ``zeitkonto._core`` (private: use the ``zeitkonto`` package)."""

from typing import Any, Dict, List, Mapping, Optional, Tuple, final

__all__ = ["Client", "CoreError", "Pending", "build_request", "is_idempotent", "operations", "parse_response"]

class CoreError(Exception):
    """A Zeitkonto error; ``args[0]`` is its JSON form as a dict."""

@final
class Client:
    def __new__(
        cls,
        *,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        workspace_key: Optional[str] = None,
        routes: Optional[Dict[str, str]] = None,
        timeout: Optional[float] = None,
        retry: Optional[Mapping[str, int]] = None,
        rate_limit: Optional[Mapping[str, int]] = None,
        log_events: bool = False,
    ) -> Client: ...
    def call(self, operation_name: str, params: Mapping[str, Any]) -> Any: ...
    def call_async(self, operation_name: str, params: Mapping[str, Any]) -> Pending: ...
    def take_events(self) -> List[str]: ...

@final
class Pending:
    def fileno(self) -> int: ...
    def done(self) -> bool: ...
    def take(self) -> Any: ...

def build_request(
    operation_name: str,
    params: Mapping[str, Any],
    *,
    api_key: Optional[str] = None,
    base_url: Optional[str] = None,
    workspace_key: Optional[str] = None,
    routes: Optional[Dict[str, str]] = None,
) -> Tuple[str, str, List[Tuple[str, str]], Optional[bytes], str, Optional[str]]: ...
def parse_response(operation_name: str, status: int, headers: List[Tuple[str, str]], body: bytes) -> Any: ...
def operations() -> List[str]: ...
def is_idempotent(operation_name: str) -> bool: ...
