# The names Omen's adapter imports from pyodide.ffi (see typings/README.md), with the
# arguments it passes.
from collections.abc import Callable
from typing import Any

class JsException(Exception):
    """An error thrown by JavaScript code called from Python."""

def create_proxy(obj: Callable[..., Any], /, *, capture_this: bool = ...) -> Any:
    """A JavaScript function calling ``obj``, kept alive until it is destroyed."""

def create_once_callable(obj: Callable[..., Any], /) -> Any:
    """A JavaScript function calling ``obj`` once, then releasing it."""

def to_js(
    obj: Any,
    /,
    *,
    depth: int = ...,
    dict_converter: Callable[[Any], Any] | None = ...,
) -> Any:
    """``obj`` converted to a JavaScript value (lists to arrays, dicts by ``dict_converter``)."""
