"""Bytecode for the pages' bundles, compiled inside the vendored Pyodide (build/precompile.mjs runs this
file there, so the .pyc files carry the browser's magic number; tests import it in CPython).

Docstrings are left out: nothing in a page reads them, and they were about a tenth of the bundle's bytes
and of the strings a snapshot holds. Line numbers stay, so a traceback still points at the source."""

import ast
import importlib.util
import marshal

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def pyc(source: str, path: str) -> bytes:
    """A sourceless .pyc: magic number, flags (0: timestamp-based), mtime and size unused, then the code."""
    code = compile(without_docstrings(ast.parse(source, path)), path, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
